// A scheme plugin (solvers/plugin/plugin_api.hpp) whose scheme is written in
// Python: `sweepcheck audit --plugin libsweepcheck_python_scheme.so` with
//
//   SWEEPCHECK_PYTHON_SCHEME=module:Class    the class, imported (module on PYTHONPATH)
//   SWEEPCHECK_PYTHON_SCHEME=pickle:FILE     an object or class pickled into FILE (sweepcheck.audit() writes it)
//
// audits it with the program's own battery, rule, isolation, time limits and
// report (audit.json, audit.md): the audit runs every step() of a plugin in a
// forked child, so an exception, sys.exit, an endless loop or a crash in an
// extension module ends that run with a recorded status, never the host.
//
// The interpreter is embedded on the first sweepcheck_create_scheme call
// (the host's probe, on its main thread) and then left without the GIL;
// every entry into Python takes it (PyGILState through pybind11's
// gil_scoped_acquire). Around each fork() of the host the handlers below hold
// the GIL (as os.fork does), so no child inherits a GIL held by a thread that
// does not exist in it. The reasoning: python/isolation.md.
#include <dlfcn.h>
#include <pthread.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <pybind11/embed.h>

#include "py_scheme.hpp"
#include "sweepcheck/solvers/plugin/problem_plugin_api.hpp"

namespace py = pybind11;

PYBIND11_EMBEDDED_MODULE(_sweepcheck_plugin, m) { sweepcheck::python::bind_view(m); }

namespace {

PyGILState_STATE fork_gil;

void before_fork() {
  fork_gil = PyGILState_Ensure();
  PyOS_BeforeFork();
}
void after_fork_parent() {
  PyOS_AfterFork_Parent();
  PyGILState_Release(fork_gil);
}
// The child keeps the GIL and the forking thread's state for good: it is
// single-threaded and ends with _exit. Releasing it would delete the only
// thread state left, and CPython 3.11 then re-uses the main thread's
// preallocated state for the next one and aborts ("init_threadstate: thread
// state already initialized"; measured: every run forked from an executor
// thread other than the main one crashed with SIGABRT).
void after_fork_child() { PyOS_AfterFork_Child(); }

// The interpreter, once per process (a child forked after it inherits it).
void ensure_interpreter() {
  static bool started = [] {
    // Extension modules (NumPy's) find the interpreter's symbols in the
    // global namespace, which dlopen(RTLD_LOCAL) of this plugin did not give them.
    Dl_info info{};
    if (::dladdr(reinterpret_cast<void*>(&Py_InitializeEx), &info) && info.dli_fname)
      ::dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
    if (!Py_IsInitialized()) {
      py::initialize_interpreter(false);  // the host keeps its own signal handlers (SIGINT)
      PyEval_SaveThread();               // no thread holds the GIL between calls
    }
    ::pthread_atfork(before_fork, after_fork_parent, after_fork_child);
    return true;
  }();
  (void)started;
}

// The package sweepcheck beside this plugin goes on sys.path (after what
// PYTHONPATH gives): the build tree's (build/python, the plugin's folder) or
// the installed one (<prefix>/lib/python3.X/site-packages from
// <prefix>/lib/sweepcheck), so `sweepcheck audit --plugin` needs no PYTHONPATH
// for it.
void add_own_package_to_path() {
  Dl_info info{};
  if (!::dladdr(reinterpret_cast<void*>(&add_own_package_to_path), &info) || !info.dli_fname) return;
  const std::string self = info.dli_fname;
  const std::string dir = self.substr(0, self.find_last_of('/') == std::string::npos ? 0 : self.find_last_of('/'));
  const std::string site = dir + "/../python" + std::to_string(PY_MAJOR_VERSION) + "." +
                           std::to_string(PY_MINOR_VERSION) + "/site-packages";
  const py::module_ os = py::module_::import("os");
  py::list path = py::module_::import("sys").attr("path");
  for (const std::string& candidate : {dir, site})
    if (os.attr("path").attr("exists")(candidate + "/sweepcheck/__init__.py").cast<bool>() &&
        !path.contains(candidate))
      path.append(candidate);
}

// The scheme object, from SWEEPCHECK_PYTHON_SCHEME (a class is instantiated).
py::object make_scheme(const std::string& spec) {
  py::object source;
  if (spec.rfind("pickle:", 0) == 0) {
    const py::object f = py::module_::import("io").attr("open")(spec.substr(7), "rb");
    source = py::module_::import("pickle").attr("load")(f);
    f.attr("close")();
  } else {
    const auto colon = spec.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size())
      throw std::invalid_argument("SWEEPCHECK_PYTHON_SCHEME must be module:Class or pickle:FILE, got '" + spec + "'");
    // A module that is not there or has no such class: sweepcheck._schemes.BadInput (exit 2).
    source = py::module_::import("sweepcheck._schemes").attr("load")(spec);
  }
  // A class is called for every run; an object is copied (its pickle is loaded afresh).
  if (PyType_Check(source.ptr())) return source();
  return py::module_::import("copy").attr("deepcopy")(source);
}

}  // namespace

namespace {

// use(object) on the Python object `spec` names (make_scheme), in the
// embedded interpreter, with the GIL held: a Python exception leaves as a
// std::runtime_error "the Python <what> 'spec' could not be made: ...".
template <class Use>
void with_object(const std::string& spec, const char* what, Use&& use) {
  ensure_interpreter();
  py::gil_scoped_acquire gil;
  try {
    py::module_::import("_sweepcheck_plugin");
    static const bool path_set = (add_own_package_to_path(), true);
    (void)path_set;
    use(make_scheme(spec));
  } catch (py::error_already_set& e) {
    // What its author wrote (a bad claim, a missing method, a step() of the wrong signature, a module:Class
    // naming nothing: sweepcheck._schemes.BadInput) is bad input, exit code 2; an exception its own code
    // raised while it was made (its module, its constructor) a run-time failure, exit code 1.
    bool bad_input = false;
    try {
      bad_input = e.matches(py::module_::import("sweepcheck._schemes").attr("BadInput"));
    } catch (py::error_already_set&) {
    }
    const std::string made = std::string("the Python ") + what + " '" + spec + "' could not be made: ";
    // Bad input: the rule it broke, without sweepcheck's own frames that found it.
    if (bad_input) throw std::invalid_argument(made + py::str(e.value()).cast<std::string>());
    throw std::runtime_error(made + sweepcheck::python::describe_python_error(e));
  }
}

// A new PyStepper for `spec` (module:Class or pickle:FILE) in *out.
int create(int host_abi_version, const std::string& spec, sweepcheck::plugin::Stepper** out) {
  *out = nullptr;
  if (host_abi_version != sweepcheck::plugin::kAbiVersion) return sweepcheck::plugin::kAbiVersion;
  with_object(spec, "scheme", [out](py::object scheme) {
    // Its step's signature, name and claim, checked before it runs (sweepcheck._schemes.checked).
    const py::tuple name_claim = py::module_::import("sweepcheck._schemes").attr("checked")(scheme);
    const std::string name = name_claim[0].cast<std::string>();
    const double claimed = name_claim[1].cast<double>();
    *out = new sweepcheck::python::PyStepper(std::move(scheme), name, claimed, /*describe_errors=*/true);
  });
  return sweepcheck::plugin::kAbiVersion;
}

}  // namespace

// The plugin entry point (solvers/plugin/plugin_api.hpp): the scheme SWEEPCHECK_PYTHON_SCHEME names.
extern "C" __attribute__((visibility("default"))) int sweepcheck_create_scheme(int host_abi_version,
                                                                                sweepcheck::plugin::Stepper** out) {
  const char* spec = std::getenv("SWEEPCHECK_PYTHON_SCHEME");
  if (!spec || !*spec)
    throw std::invalid_argument(
        "the Python scheme plugin needs SWEEPCHECK_PYTHON_SCHEME=module:Class (or pickle:FILE, as sweepcheck.audit() sets it)");
  return create(host_abi_version, spec, out);
}

// The scheme module:Class given by the host (studies/runs/plugin_loader.hpp,
// load_python_scheme, which has checked it): several Python schemes in one
// program, as `sweepcheck study NAME --schemes pbd,python:m:A,python:n:B` asks.
extern "C" __attribute__((visibility("default"))) int sweepcheck_create_python_scheme(
    int host_abi_version, const char* module_class, sweepcheck::plugin::Stepper** out) {
  *out = nullptr;
  if (!module_class || !*module_class) throw std::invalid_argument("sweepcheck_create_python_scheme: no module:Class given");
  return create(host_abi_version, module_class, out);
}

// ---------------------------------------------------------------- a problem written in Python

namespace {

// A problem written in Python (the object sweepcheck.problem() takes, read by
// sweepcheck._problem_parts) as a problem plugin's definition: `sweepcheck
// audit --python-problem module:Class` adds it to the battery, validated,
// isolated and blamed as a C++ problem plugin is (studies/runs/problem_plugin.hpp).
class PyProblemDefinition final : public sweepcheck::plugin::ProblemDefinition {
 public:
  // parts: (name, parameters, num_constraints, t0, t_end, x0, f, g, grad, distance, project, exact, time_scale)
  explicit PyProblemDefinition(const py::tuple& parts)
      : name_(parts[0].cast<std::string>()), parameters_(parts[1].cast<std::string>()), t0_(parts[3].cast<double>()),
        t_end_(parts[4].cast<double>()), time_scale_(parts[12].cast<double>()) {
    const sweepcheck::python::Array x0 = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(parts[5]);
    if (!x0 || x0.ndim() != 1 || x0.shape(0) < 1) {
      PyErr_Clear();
      throw std::invalid_argument("the Python problem '" + name_ + "': x0 must be a non-empty 1-d array of floats");
    }
    x0_.assign(x0.data(), x0.data() + x0.shape(0));
    const int m = parts[2].cast<int>();
    if (m < 0) throw std::invalid_argument("the Python problem '" + name_ + "': num_constraints must be >= 0");
    view_ = std::make_unique<sweepcheck::python::PyProblemView>(
        name_, int(x0_.size()), m, parts[6].cast<py::function>(), parts[7].cast<py::function>(),
        parts[8].cast<py::function>(), parts[9].cast<py::function>(), parts[10].cast<py::function>());
    if (!parts[11].is_none()) exact_ = parts[11].cast<py::function>();
  }
  ~PyProblemDefinition() override {
    py::gil_scoped_acquire gil;
    exact_ = py::function();
    view_.reset();
  }
  int dim() const override { return view_->dim(); }
  void f(double t, std::span<const double> x, std::span<double> out) const override { view_->f(t, x, out); }
  const sweepcheck::plugin::ConstraintView& constraints() const override { return view_->constraints(); }
  std::string name() const override { return name_; }
  std::string parameters() const override { return parameters_; }
  double t0() const override { return t0_; }
  double t_end() const override { return t_end_; }
  void x0(std::span<double> out) const override { std::copy(x0_.begin(), x0_.end(), out.begin()); }
  bool exact(double t, std::span<double> out) const override {
    if (!exact_) return false;
    py::gil_scoped_acquire gil;
    const auto a = sweepcheck::python::as_state(exact_(t), dim(), "problem '" + name_ + "': exact(t) returned a value that");
    std::copy(a.data(), a.data() + dim(), out.begin());
    return true;
  }
  double time_scale() const override { return time_scale_; }

 private:
  std::string name_, parameters_;
  double t0_, t_end_, time_scale_;
  std::vector<double> x0_;
  std::unique_ptr<sweepcheck::python::PyProblemView> view_;
  py::function exact_;
};

}  // namespace

// The problem plugin entry point (solvers/plugin/problem_plugin_api.hpp): the
// problem SWEEPCHECK_PYTHON_PROBLEM=module:Class names (the host has checked it).
extern "C" __attribute__((visibility("default"))) int sweepcheck_create_problem(
    int host_abi_version, sweepcheck::plugin::ProblemDefinition** out) {
  *out = nullptr;
  if (host_abi_version != sweepcheck::plugin::kProblemAbiVersion) return sweepcheck::plugin::kProblemAbiVersion;
  const char* spec = std::getenv("SWEEPCHECK_PYTHON_PROBLEM");
  if (!spec || !*spec)
    throw std::invalid_argument("the Python problem plugin needs SWEEPCHECK_PYTHON_PROBLEM=module:Class");
  with_object(spec, "problem", [out](const py::object& problem) {  // a class is called, as for a scheme
    // Read and checked, its exact solution probed against it (python/sweepcheck/_consistency.py): a
    // BadInput there is exit 2, the problem and the property named.
    const py::tuple parts = py::module_::import("sweepcheck").attr("_plugin_problem_parts")(problem);
    *out = new PyProblemDefinition(parts);
  });
  return sweepcheck::plugin::kProblemAbiVersion;
}
