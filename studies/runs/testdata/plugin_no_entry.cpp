// Test fixture: a shared library that forgot SWEEPCHECK_EXPORT_SCHEME.
extern "C" __attribute__((visibility("default"))) int some_other_function() { return 42; }
