#pragma once
// dlopen a plugin file and look up its one entry point, with messages naming
// the file and what is wrong (for studies/runs/problem_plugin.cpp; the scheme
// loader, studies/runs/plugin_loader.cpp, does the same inline).
#include <memory>
#include <string>

namespace sweepcheck {

struct SharedLibrarySymbol {
  std::shared_ptr<void> handle;  // dlclose on the last copy
  void* symbol = nullptr;
};

// Throws std::invalid_argument("<what> '<path>': ...") for a missing file,
// a file dlopen cannot load, or a missing symbol (`hint` says how to add it).
SharedLibrarySymbol open_plugin_symbol(const std::string& what, const std::string& path, const std::string& symbol,
                                       const std::string& hint);

}  // namespace sweepcheck
