#include "harness/executor/instance.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/write.hpp>
#include <cerrno>

namespace palus::harness::detail {

namespace asio = boost::asio;

namespace {

void parse_frames(Instance& inst) {
  try {
    while (inst.answer_buf.size() - inst.answer_pos >= protocol::kHeaderSize) {
      protocol::FrameHeader header = protocol::decode_header(inst.answer_buf.data() + inst.answer_pos);
      if (inst.answer_buf.size() - inst.answer_pos - protocol::kHeaderSize < header.length) break;
      std::string payload = inst.answer_buf.substr(inst.answer_pos + protocol::kHeaderSize, header.length);
      inst.answer_pos += protocol::kHeaderSize + header.length;
      switch (header.kind) {
        case protocol::MessageKind::hello:
          if (inst.hello) throw protocol::ProtocolError("a second Hello");
          inst.hello = protocol::decode_hello(payload);
          break;
        case protocol::MessageKind::result:
          if (!inst.hello) throw protocol::ProtocolError("a result before the Hello");
          inst.results.push_back(protocol::decode_result(payload));
          break;
        case protocol::MessageKind::death: {
          if (!inst.hello) throw protocol::ProtocolError("a death before the Hello");
          protocol::Death death = protocol::decode_death(payload);
          protocol::RunResult stand_in;
          stand_in.sequence_id = death.sequence_id;
          inst.results.push_back(std::move(stand_in));
          inst.deaths.emplace(death.sequence_id, std::move(death));
          break;
        }
        default:
          throw protocol::ProtocolError("unexpected message kind " +
                                        std::to_string(static_cast<unsigned>(header.kind)) + " from the harness");
      }
    }
  } catch (const std::exception& e) {
    inst.protocol_error = e.what();
  }
  if (inst.answer_pos == inst.answer_buf.size()) {
    inst.answer_buf.clear();
    inst.answer_pos = 0;
  } else if (inst.answer_pos > (1u << 20)) {
    inst.answer_buf.erase(0, inst.answer_pos);
    inst.answer_pos = 0;
  }
}

}  // namespace

void read_answers(const std::shared_ptr<Instance>& inst) {
  inst->out.async_read_some(asio::buffer(inst->answer_chunk),
                            [inst](const boost::system::error_code& ec, std::size_t n) {
                              if (n > 0 && inst->protocol_error.empty()) {
                                inst->answer_buf.append(inst->answer_chunk.data(), n);
                                parse_frames(*inst);
                              }
                              if (ec) {
                                inst->answers_eof = true;
                                return;
                              }
                              read_answers(inst);  // even after a protocol error: never let the pipe fill
                            });
}

void read_output(const std::shared_ptr<Instance>& inst) {
  inst->err.async_read_some(asio::buffer(inst->output_chunk),
                            [inst](const boost::system::error_code& ec, std::size_t n) {
                              if (n > 0) inst->output.append(inst->output_chunk.data(), n);
                              if (ec) {
                                inst->output.flush();
                                inst->output_eof = true;
                                return;
                              }
                              read_output(inst);
                            });
}

void write_next(const std::shared_ptr<Instance>& inst) {
  if (inst->write_queue.empty()) {
    if (inst->close_after_writes) {
      boost::system::error_code ignored;
      inst->in.close(ignored);
    }
    return;
  }
  inst->writing = true;
  asio::async_write(inst->in, asio::buffer(inst->write_queue.front()),
                    [inst](const boost::system::error_code& ec, std::size_t) {
                      inst->writing = false;
                      if (ec || inst->write_queue.empty()) {
                        inst->write_failed = true;
                        inst->write_queue.clear();
                        return;
                      }
                      inst->write_queue.pop_front();
                      write_next(inst);
                    });
}

void send(const std::shared_ptr<Instance>& inst, std::string frame) {
  if (inst->write_failed) return;
  inst->write_queue.push_back(std::move(frame));
  if (!inst->writing) write_next(inst);
}

bool poll_exit(Instance& in) {
  if (in.reaped) return true;
  int status = 0;
  rusage usage{};
  pid_t r = ::wait4(in.pid, &status, WNOHANG | WUNTRACED, &usage);
  if (r == in.pid) {
    if (WIFSTOPPED(status)) {
      in.stopped_by = WSTOPSIG(status);
      return false;
    }
    in.reaped = true;
    in.status = status;
    in.usage = usage;
    return true;
  }
  if (r < 0 && errno == ECHILD) {  // someone else reaped it (SIGCHLD ignored?)
    in.reaped = true;
    in.status = 0;
    return true;
  }
  return false;
}

void kill_and_reap(Instance& in) {
  if (!in.reaped) {
    ::kill(in.pid, SIGKILL);
    if (::getpgid(in.pid) == in.pid) ::kill(-in.pid, SIGKILL);
    int status = 0;
    rusage usage{};
    pid_t r;
    do {
      r = ::wait4(in.pid, &status, 0, &usage);
    } while (r < 0 && errno == EINTR);
    in.reaped = true;
    if (r == in.pid) {
      in.status = status;
      in.usage = usage;
    }
  }
  // Whatever the library forked into the harness's process group (it is its own session leader).
  ::kill(-in.pid, SIGKILL);
}

std::string describe_status(const Instance& in) {
  if (WIFEXITED(in.status)) return "exit(" + std::to_string(WEXITSTATUS(in.status)) + ")";
  if (WIFSIGNALED(in.status)) return signal_name(WTERMSIG(in.status));
  return "ended";
}

}  // namespace palus::harness::detail
