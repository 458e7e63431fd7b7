# find_package(satslide): the imported targets satslide::planner (and the
# rooms below it: solver, verify, encoder, puzzles, search, task), with
# what they need found first: CaDiCaL (Debian's libcadical-dev, through
# the find module installed beside this file), fmt, threads, and the
# checker's Nettle (nettle-dev, by pkg-config) and nlohmann-json.
include(CMakeFindDependencyMacro)
list(PREPEND CMAKE_MODULE_PATH ${CMAKE_CURRENT_LIST_DIR})
find_dependency(CaDiCaL)
find_dependency(fmt)
find_dependency(Threads)
find_dependency(nlohmann_json)
find_dependency(PkgConfig)
pkg_check_modules(NETTLE REQUIRED IMPORTED_TARGET nettle)
list(POP_FRONT CMAKE_MODULE_PATH)
include(${CMAKE_CURRENT_LIST_DIR}/satslide-targets.cmake)
