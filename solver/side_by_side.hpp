// Runs one piece of work per worker on threads of its own, safely: the
// only place satslide starts threads for a run.
#pragma once

#include <functional>

namespace satslide::solver {

// Calls work(0) on the calling thread and work(1) ... work(n - 1) on
// threads of their own, and returns when all have returned. A thread the
// system cannot start (out of memory under --memory-limit: its stack does
// not fit) costs parallelism, not the run: its call is made on the calling
// thread after work(0). An exception out of any call is kept until every
// thread has been joined, then the first one (by index) is rethrown, so no
// thread is ever left running or unjoined.
void side_by_side(int n, const std::function<void(int)> &work);

} // namespace satslide::solver
