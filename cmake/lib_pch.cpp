// Anchor of the libraries' shared precompiled header (CMakeLists.txt,
// sweepcheck_lib_pch): the target needs one source to build the header.
namespace sweepcheck_lib_pch_anchor {}
