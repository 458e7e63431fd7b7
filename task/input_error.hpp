// Bad user input: a message that names what is wrong and where. Thrown by
// every room that reads what a user wrote (boards, layouts, plan files);
// the command line answers it with exit 31.
#pragma once

#include <stdexcept>

namespace satslide::task {

class InputError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace satslide::task
