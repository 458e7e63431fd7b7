# find_package(satslide): the imported targets satslide::planner (and the
# rooms below it: solver, encoder, puzzles, search, task), with what they
# need found first: CaDiCaL (Debian's libcadical-dev, through the find
# module installed beside this file), fmt and threads.
include(CMakeFindDependencyMacro)
list(PREPEND CMAKE_MODULE_PATH ${CMAKE_CURRENT_LIST_DIR})
find_dependency(CaDiCaL)
find_dependency(fmt)
find_dependency(Threads)
list(POP_FRONT CMAKE_MODULE_PATH)
include(${CMAKE_CURRENT_LIST_DIR}/satslide-targets.cmake)
