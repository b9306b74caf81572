#include "studies/runs/plugin_loader.hpp"
#include "studies/runs/isolated_run.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <utility>
#include <stdexcept>

namespace sweepcheck {

namespace {

// The plugin at `path`, loaded, and its `entry` point (std::invalid_argument
// naming the file when either is missing; `missing` says what to do).
std::pair<std::shared_ptr<void>, void*> open_plugin(const std::string& path, const char* entry,
                                                    const std::string& missing) {
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
  void* symbol = ::dlsym(raw, entry);
  if (!symbol) throw std::invalid_argument("plugin '" + path + "': it does not export " + entry + " (" + missing + ")");
  // Its code, for the evidence of a crash (studies/runs/isolated_run.hpp): the
  // library is loaded here, in the host, before the children are forked.
  register_plugin_code(symbol, CodeOwner::scheme);
  return {handle, symbol};
}

// The factory over `create` (one call of the entry point per stepper); it
// keeps the library loaded while it or a stepper it made lives.
SchemeFactory factory_of(std::shared_ptr<void> handle, std::function<int(plugin::Stepper**)> create,
                         const std::string& path) {
  auto make = [handle, create, path]() -> std::shared_ptr<plugin::Stepper> {
    plugin::Stepper* s = nullptr;
    const int version = create(&s);
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

}  // namespace

SchemeFactory load_plugin(const std::string& path) {
  auto [handle, symbol] = open_plugin(path, "sweepcheck_create_scheme",
                                      "add SWEEPCHECK_EXPORT_SCHEME(YourClass) to one source file; see "
                                      "solvers/plugin/plugin_api.hpp");
  const auto create = reinterpret_cast<sweepcheck_create_scheme_fn>(symbol);
  return factory_of(handle, [create](plugin::Stepper** s) { return create(plugin::kAbiVersion, s); }, path);
}

std::string python_class_problem(const std::string& text) {
  const auto identifier = [](const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (const char c : s)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
  };
  const auto colon = text.find(':');
  bool ok = colon != std::string::npos && text.find(':', colon + 1) == std::string::npos &&
            identifier(text.substr(colon + 1));
  // The module: identifiers joined by single dots (no empty part, so no leading or trailing dot).
  for (std::size_t begin = 0; ok;) {
    const std::size_t dot = std::min(text.find('.', begin), colon);
    ok = identifier(text.substr(begin, dot - begin));
    if (dot == colon) break;
    begin = dot + 1;
  }
  if (ok) return {};
  return "must be module:Class (e.g. my_schemes:MyPbd): a module name (identifiers joined by dots), ':', a class "
         "name (an identifier), got '" + text + "'";
}

SchemeFactory load_python_scheme(const std::string& plugin_path, const std::string& module_class) {
  if (const std::string why = python_class_problem(module_class); !why.empty())
    throw std::invalid_argument("Python scheme: " + why);
  auto [handle, symbol] = open_plugin(plugin_path, "sweepcheck_create_python_scheme",
                                      "it is not the Python scheme plugin of this sweepcheck");
  using Create = int (*)(int, const char*, plugin::Stepper**);
  const auto create = reinterpret_cast<Create>(symbol);
  return factory_of(handle,
                    [create, module_class](plugin::Stepper** s) {
                      return create(plugin::kAbiVersion, module_class.c_str(), s);
                    },
                    plugin_path);
}

}  // namespace sweepcheck
