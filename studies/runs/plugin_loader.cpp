#include "studies/runs/plugin_loader.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>

namespace sweepcheck {

SchemeFactory load_plugin(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw std::invalid_argument("plugin '" + path + "': no such file");
  // A path without a slash would make dlopen search the library path instead.
  const std::string file = std::filesystem::absolute(path).string();
  void* raw = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!raw) {
    const char* why = ::dlerror();
    throw std::invalid_argument("plugin '" + path + "': cannot load it: " + (why ? why : "unknown dlopen error"));
  }
  std::shared_ptr<void> handle(raw, [](void* h) { ::dlclose(h); });
  ::dlerror();
  void* symbol = ::dlsym(raw, "sweepcheck_create_scheme");
  if (!symbol)
    throw std::invalid_argument("plugin '" + path +
                                "': it does not export sweepcheck_create_scheme (add SWEEPCHECK_EXPORT_SCHEME(YourClass) "
                                "to one source file; see solvers/plugin/plugin_api.hpp)");
  const auto create = reinterpret_cast<sweepcheck_create_scheme_fn>(symbol);

  auto make = [handle, create, path]() -> std::shared_ptr<plugin::Stepper> {
    plugin::Stepper* s = nullptr;
    const int version = create(plugin::kAbiVersion, &s);
    if (version != plugin::kAbiVersion) {
      // A conforming plugin returned null; a non-conforming one is leaked rather
      // than deleted through a vtable of unknown layout.
      throw std::invalid_argument("plugin '" + path + "': built for sweepcheck plugin ABI version " +
                                  std::to_string(version) + ", this sweepcheck uses version " +
                                  std::to_string(plugin::kAbiVersion) + "; rebuild it against this sweepcheck");
    }
    if (!s) throw std::invalid_argument("plugin '" + path + "': sweepcheck_create_scheme returned no scheme");
    // The deleter keeps the library loaded until the stepper is gone.
    return std::shared_ptr<plugin::Stepper>(s, [handle](plugin::Stepper* p) { delete p; });
  };
  make();  // fail now, with the message, rather than inside the audit
  return make;
}

}  // namespace sweepcheck
