#include "studies/runs/shared_library.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>

namespace sweepcheck {

SharedLibrarySymbol open_plugin_symbol(const std::string& what, const std::string& path, const std::string& symbol,
                                       const std::string& hint) {
  const std::string who = what + " '" + path + "'";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw std::invalid_argument(who + ": no such file");
  // A path without a slash would make dlopen search the library path instead.
  const std::string file = std::filesystem::absolute(path).string();
  void* raw = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!raw) {
    const char* why = ::dlerror();
    throw std::invalid_argument(who + ": cannot load it: " + (why ? why : "unknown dlopen error"));
  }
  SharedLibrarySymbol out;
  out.handle = std::shared_ptr<void>(raw, [](void* h) { ::dlclose(h); });
  ::dlerror();
  out.symbol = ::dlsym(raw, symbol.c_str());
  if (!out.symbol) throw std::invalid_argument(who + ": it does not export " + symbol + " (" + hint + ")");
  return out;
}

}  // namespace sweepcheck
