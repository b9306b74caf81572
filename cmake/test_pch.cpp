// Anchor of the test programs' shared precompiled header (CMakeLists.txt,
// sweepcheck_test_pch): the target needs one source to build the header.
namespace sweepcheck_test_pch_anchor {}
