// Anchor of a precompiled header the example plugins share
// (examples/CMakeLists.txt, sweepcheck_plugin_pch): the target needs one
// source to build the header.
namespace sweepcheck_plugin_pch_anchor {}
