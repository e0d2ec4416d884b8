#pragma once
// The on-disk layout of a palus trace file, shared by the writer (palus_trace.cpp, compiled into
// the instrumented sample program) and the reader (models/trace_reader.cpp), so they cannot drift.
// C++17, no dependencies. All integers are little-endian.
//
// file    = header (64 bytes), then events; only bytes before `committed end` count, whatever
//           follows is a partly written event or preallocated space and is ignored.
// header  =  0 char[8] magic "PALUSTR1"
//            8 u32     format version
//           12 u32     header size (64)
//           16 u64     probe table hash (meaningful when flags has table_hash_set)
//           24 u64     committed end: file offset just past the last complete event (>= 64)
//           32 u32     flags: complete (the program exited normally), table_hash_set
//           36..63     zero
// event   = u8 kind (1 enter, 2 exit, 3 object_end)
//           u8 bits: role (bits 0-1), first_seen (bit 2), threw (bit 3), others 0
//           varint callable, varint thread, varint call,
//           varint parent distance (0: no parent, else call - parent), varint self,
//           string profile
//           enter only: varint argument count, then per argument u8 kind and its payload
// argument payload by kind (TraceValue::Kind):
//           none, null_pointer: nothing       boolean: u8 0/1
//           signed_integer: zigzag varint     unsigned_integer: varint
//           floating: u64 IEEE 754 bits       string: string
//           object: varint identity, string profile
// string  = varint byte length, bytes
// varint  = unsigned LEB128, at most 10 bytes

#include <cstddef>
#include <cstdint>

namespace palus_trace::format {

inline constexpr char magic[8] = {'P', 'A', 'L', 'U', 'S', 'T', 'R', '1'};
inline constexpr std::uint32_t version = 1;
inline constexpr std::size_t header_size = 64;

inline constexpr std::size_t version_offset = 8;
inline constexpr std::size_t header_size_offset = 12;
inline constexpr std::size_t table_hash_offset = 16;
inline constexpr std::size_t committed_offset = 24;
inline constexpr std::size_t flags_offset = 32;

inline constexpr std::uint32_t flag_complete = 1u << 0;
inline constexpr std::uint32_t flag_table_hash_set = 1u << 1;
inline constexpr std::uint32_t known_flags = flag_complete | flag_table_hash_set;

inline constexpr std::uint8_t event_enter = 1;
inline constexpr std::uint8_t event_exit = 2;
inline constexpr std::uint8_t event_object_end = 3;

inline constexpr std::uint8_t bits_role_mask = 0x3;
inline constexpr std::uint8_t bit_first_seen = 1u << 2;
inline constexpr std::uint8_t bit_threw = 1u << 3;
inline constexpr std::uint8_t known_bits = bits_role_mask | bit_first_seen | bit_threw;

// Argument kinds: the values of palus::models::TraceValue::Kind.
inline constexpr std::uint8_t arg_none = 0;
inline constexpr std::uint8_t arg_boolean = 1;
inline constexpr std::uint8_t arg_signed_integer = 2;
inline constexpr std::uint8_t arg_unsigned_integer = 3;
inline constexpr std::uint8_t arg_floating = 4;
inline constexpr std::uint8_t arg_string = 5;
inline constexpr std::uint8_t arg_object = 6;
inline constexpr std::uint8_t arg_null_pointer = 7;
inline constexpr std::uint8_t arg_kind_max = arg_null_pointer;

/// Strings recorded as argument values are cut to this many bytes.
inline constexpr std::size_t max_string_bytes = 4096;
inline constexpr std::size_t max_varint_bytes = 10;

}  // namespace palus_trace::format
