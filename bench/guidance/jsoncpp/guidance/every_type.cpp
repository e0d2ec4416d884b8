// Covana's first two suggestions for jsoncpp: a Value of each type written by StyledWriter, and
// the allowSpecialFloats setting before text with NaN and Infinity.
#include <iostream>
#include <memory>
#include <string>

#include "json/json.h"

int main() {
  Json::Value object(Json::objectValue);
  object["int"] = -7;
  object["uint"] = Json::UInt(7);
  object["real"] = 2.5;
  object["bool"] = true;
  object["null"] = Json::Value();
  Json::Value array(Json::arrayValue);
  array.append(1);
  array.append("two");
  array.append(object);
  object["array"] = array;
  Json::StyledWriter styled;
  std::cout << styled.write(object) << styled.write(array) << styled.write(Json::Value(3.25));

  Json::CharReaderBuilder builder;
  builder["allowSpecialFloats"] = true;
  std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  const std::string text = "[NaN, Infinity, -Infinity, 1]";
  Json::Value parsed;
  std::string errors;
  if (reader->parse(text.data(), text.data() + text.size(), &parsed, &errors)) std::cout << parsed.size() << "\n";
  return 0;
}
