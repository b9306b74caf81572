#pragma once
// A scheme written in Python behind the plugin interface: what both the
// extension _sweepcheck (python/sweepcheck_module.cpp) and the audit's Python
// scheme plugin (python/python_scheme_plugin.cpp) compile. PyStepper calls the
// Python object's step(t, x, h, view) with NumPy arrays; PyView is the run's
// plugin::ProblemView as step() sees it, counting the constraint calls as the
// host's CountingView does (solvers/adapters/counting_view.hpp). Every entry
// into Python takes the GIL (python/isolation.md).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "sweepcheck/solvers/adapters/polyhedral_view.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck::python {

namespace py = pybind11;
using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

// ---------------------------------------------------------------- arrays

inline py::array_t<double> to_numpy(std::span<const double> x) {
  py::array_t<double> a(static_cast<py::ssize_t>(x.size()));
  if (!x.empty()) std::memcpy(a.mutable_data(), x.data(), x.size() * sizeof(double));
  return a;
}
inline py::array_t<double> to_numpy(const Vec<double>& x) {
  return to_numpy(std::span<const double>(x.data(), std::size_t(x.size())));
}

inline std::string shape_of(const py::array& a) {
  std::string s = "(";
  for (py::ssize_t i = 0; i < a.ndim(); ++i) s += (i ? ", " : "") + std::to_string(a.shape(i));
  return s + (a.ndim() == 1 ? ",)" : ")");
}

// `value` as a float64 vector of length dim, or a TypeError / ValueError
// naming `what` and what it got.
inline Array as_state(const py::handle& value, int dim, const std::string& what) {
  if (value.is_none()) throw py::type_error(what + " must be an array of shape (" + std::to_string(dim) + ",), got None");
  Array a;
  try {
    a = Array::ensure(value);
  } catch (py::error_already_set&) {
    a = Array();
  }
  if (!a) {
    PyErr_Clear();
    throw py::type_error(what + " must be an array of shape (" + std::to_string(dim) + ",) of floats, got " +
                         py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>());
  }
  if (a.ndim() != 1 || a.shape(0) != dim)
    throw py::value_error(what + " must have shape (" + std::to_string(dim) + ",), got shape " + shape_of(a));
  return a;
}

inline std::span<const double> span_of(const Array& a) { return {a.data(), std::size_t(a.size())}; }

// ---------------------------------------------------------------- the view

// What a Python scheme's step() sees: the run's problem view, valid during
// that step only, and the work it counts (constraint calls, as CountingView).
class PyView {
 public:
  void bind(const plugin::ProblemView* p) { p_ = p; }
  // Where the polyhedron comes from when the step's view does not hand it
  // out itself (the testing API steps a scheme through a view of the
  // type-erased problem, whose own view has it): null, none.
  void set_polyhedron_source(const PolyhedralView* poly) { poly_source_ = poly; }
  Work take_work() {
    Work w = work_;
    work_ = Work{};
    return w;
  }

  int dim() const { return view().dim(); }
  int size() const { return view().constraints().size(); }

  py::array_t<double> f(double t, const py::handle& x) const {
    const Array xa = as_state(x, dim(), "view.f: x");
    py::array_t<double> out(dim());
    view().f(t, span_of(xa), std::span<double>(out.mutable_data(), std::size_t(dim())));
    return out;
  }
  double g(int j, double t, const py::handle& x) {
    check_index(j, "g");
    const Array xa = as_state(x, dim(), "view.g: x");
    ++work_.constraint_evaluations;
    return view().constraints().value(j, t, span_of(xa));
  }
  py::array_t<double> grad(int j, double t, const py::handle& x) {
    check_index(j, "grad");
    const Array xa = as_state(x, dim(), "view.grad: x");
    ++work_.constraint_evaluations;
    py::array_t<double> out(dim());
    view().constraints().gradient(j, t, span_of(xa), std::span<double>(out.mutable_data(), std::size_t(dim())));
    return out;
  }
  double distance(int j, double t, const py::handle& x) {
    check_index(j, "distance");
    const Array xa = as_state(x, dim(), "view.distance: x");
    ++work_.constraint_evaluations;
    return view().constraints().distance(j, t, span_of(xa));
  }
  // P_{S_j}(y), a new array (y is left as it is).
  py::array_t<double> project(int j, double t, const py::handle& y) {
    check_index(j, "project");
    const Array ya = as_state(y, dim(), "view.project: y");
    py::array_t<double> out = to_numpy(span_of(ya));
    project_in(j, t, out.mutable_data());
    return out;
  }
  // y ← P_{S_j}(y) in place: y must be a writable, contiguous float64 array
  // of shape (dim,). Returns whether y moved.
  bool project_inplace(int j, double t, const py::handle& y) {
    check_index(j, "project_inplace");
    if (!py::isinstance<py::array_t<double>>(y))
      throw py::type_error("view.project_inplace: y must be a numpy float64 array (use view.project to get a copy)");
    auto a = py::reinterpret_borrow<py::array_t<double>>(y);
    if (a.ndim() != 1 || a.shape(0) != dim())
      throw py::value_error("view.project_inplace: y must have shape (" + std::to_string(dim()) + ",), got shape " +
                            shape_of(a));
    if (!a.writeable() || !(a.flags() & py::array::c_style))
      throw py::value_error("view.project_inplace: y must be writable and contiguous");
    return project_in(j, t, a.mutable_data());
  }

  // All constraints at once (the vectorised forms).
  py::array_t<double> values(double t, const py::handle& x) {
    const Array xa = as_state(x, dim(), "view.values: x");
    const int m = size();
    py::array_t<double> out(m);
    for (int j = 0; j < m; ++j) out.mutable_at(j) = view().constraints().value(j, t, span_of(xa));
    work_.constraint_evaluations += m;
    return out;
  }
  py::array_t<double> grads(double t, const py::handle& x) {
    const Array xa = as_state(x, dim(), "view.grads: x");
    const int m = size(), n = dim();
    py::array_t<double> out({py::ssize_t(m), py::ssize_t(n)});
    for (int j = 0; j < m; ++j)
      view().constraints().gradient(j, t, span_of(xa), std::span<double>(out.mutable_data(j, 0), std::size_t(n)));
    work_.constraint_evaluations += m;
    return out;
  }
  py::array_t<double> distances(double t, const py::handle& x) {
    const Array xa = as_state(x, dim(), "view.distances: x");
    const int m = size();
    py::array_t<double> out(m);
    for (int j = 0; j < m; ++j) out.mutable_at(j) = view().constraints().distance(j, t, span_of(xa));
    work_.constraint_evaluations += m;
    return out;
  }
  // One Gauss–Seidel sweep of exact projections in the constraints' order
  // (seed 000, (4); ViewConstraintSet::sweep): a new array.
  py::array_t<double> sweep(double t, const py::handle& y) {
    const Array ya = as_state(y, dim(), "view.sweep: y");
    py::array_t<double> out = to_numpy(span_of(ya));
    for (int j = 0; j < size(); ++j) project_in(j, t, out.mutable_data());
    ++work_.sweeps;
    return out;
  }
  // S(t) = {z : M z + b >= 0} when the problem's set is a polyhedron
  // (solvers/adapters/polyhedral_view.hpp: the moving walls, the LCS
  // circuits): (M, b) as new arrays of shape (m, dim) and (m,). Counted as
  // one evaluation of each row, as the host's CountingView counts it.
  bool has_polyhedron() const { return polyhedral() != nullptr; }
  py::tuple polyhedron(double t) {
    const PolyhedralView* poly = polyhedral();
    if (!poly)
      throw py::value_error("view.polyhedron: this problem's set is not given as a polyhedron (view.has_polyhedron is "
                            "False); use the constraints one at a time or all at once");
    const Polyhedron<double> s = poly->polyhedron(t);
    const py::ssize_t m = s.M.rows(), n = s.M.cols();
    py::array_t<double> M({m, n});
    py::array_t<double> b(m);
    for (py::ssize_t i = 0; i < m; ++i) {
      for (py::ssize_t k = 0; k < n; ++k) M.mutable_at(i, k) = s.M(i, k);
      b.mutable_at(i) = s.b[i];
    }
    work_.constraint_evaluations += m;
    return py::make_tuple(M, b);
  }

  // Work the view cannot see: sweeps and inner-solver iterations.
  void count(std::int64_t sweeps, std::int64_t inner_iterations) {
    if (sweeps < 0 || inner_iterations < 0) throw py::value_error("view.count: counts must be >= 0");
    work_.sweeps += sweeps;
    work_.inner_iterations += inner_iterations;
  }

 private:
  const plugin::ProblemView& view() const {
    if (!p_)
      throw std::logic_error("the view is valid only inside step(): keep the values it gives, not the view");
    return *p_;
  }
  void check_index(int j, const char* what) const {
    if (j < 0 || j >= size())
      throw py::index_error(std::string("view.") + what + ": constraint index " + std::to_string(j) +
                            " out of range [0, " + std::to_string(size()) + ")");
  }
  bool project_in(int j, double t, double* y) {
    ++work_.constraint_evaluations;
    const bool moved = view().constraints().project(j, t, std::span<double>(y, std::size_t(dim())));
    if (moved) ++work_.projections;
    return moved;
  }

  const PolyhedralView* polyhedral() const {
    const PolyhedralView* own = as_polyhedral(view());
    return own ? own : poly_source_;
  }

  const plugin::ProblemView* p_ = nullptr;
  const PolyhedralView* poly_source_ = nullptr;
  Work work_;
};

// ---------------------------------------------------------------- errors

// A Python exception in one line: "ZeroDivisionError: boom; last frames:
// hostile.py:12 in step <- hostile.py:30 in helper" (innermost first, at most
// three), or "sys.exit(3)" for a SystemExit.
inline std::string describe_python_error(py::error_already_set& e) {
  py::gil_scoped_acquire gil;
  std::string out;
  if (e.matches(PyExc_SystemExit)) {
    py::object code = py::getattr(e.value(), "code", py::none());
    out = "sys.exit(" + py::repr(code).cast<std::string>() + ")";
  } else {
    out = py::str(e.type().attr("__name__")).cast<std::string>() + ": " + py::str(e.value()).cast<std::string>();
  }
  if (e.trace()) {
    try {
      const py::list frames = py::module_::import("traceback").attr("extract_tb")(e.trace());
      std::string shown;
      const py::ssize_t n = py::len(frames);
      for (py::ssize_t i = n - 1, k = 0; i >= 0 && k < 3; --i, ++k) {
        const py::object f = frames[std::size_t(i)];
        const std::string file = py::str(f.attr("filename"));
        const std::string base = file.substr(file.find_last_of('/') == std::string::npos ? 0 : file.find_last_of('/') + 1);
        shown += std::string(k ? " <- " : "") + base + ":" + py::str(f.attr("lineno")).cast<std::string>() + " in " +
                 py::str(f.attr("name")).cast<std::string>();
      }
      if (!shown.empty()) out += "; last frames: " + shown;
    } catch (py::error_already_set&) {
      // The traceback module itself failed: the exception's own line stands.
    }
  }
  return out;
}

// ---------------------------------------------------------------- the scheme

// A Python scheme object behind the plugin interface: one instance per run
// (the factory is called per run, sweepcheck/scheme_instance.hpp).
class PyStepper final : public plugin::Stepper {
 public:
  // describe_errors: a Python exception in step() leaves as a
  // std::runtime_error naming it and its traceback's last frames (the audit's
  // child runs record it so), else as itself (pybind11::error_already_set,
  // which reaches a Python caller as the exception raised).
  PyStepper(py::object scheme, std::string name, double claimed, bool describe_errors = false)
      : scheme_(std::move(scheme)), name_(std::move(name)), claimed_(claimed), describe_errors_(describe_errors) {
    view_object_ = py::cast(PyView{});
    view_ = view_object_.cast<PyView*>();
    step_ = scheme_.attr("step");
  }
  ~PyStepper() override {
    py::gil_scoped_acquire gil;
    step_ = py::object();
    view_object_ = py::object();
    scheme_ = py::object();
  }
  std::string name() const override { return name_; }
  double claimed_order() const override { return claimed_; }
  // The testing API's problem's polyhedron (PyView::set_polyhedron_source).
  void set_polyhedron_source(const PolyhedralView* poly) { view_->set_polyhedron_source(poly); }

  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    py::gil_scoped_acquire gil;
    // Ctrl-C in a long check: KeyboardInterrupt at the next step (a no-op in
    // the audit's children, which have no Python signal handlers).
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    struct Unbind {
      PyView* v;
      ~Unbind() { v->bind(nullptr); }
    } unbind{view_};
    view_->bind(&p);
    py::object r;
    try {
      r = step_(t, to_numpy(x), h, view_object_);
    } catch (py::error_already_set& e) {
      if (!describe_errors_) throw;
      throw std::runtime_error("Python scheme '" + name_ + "' raised " + describe_python_error(e) + " at t = " +
                               std::to_string(t));
    }
    const Array a = as_state(r, int(x.size()), name_ + ".step() returned a value that");
    std::memcpy(out.data(), a.data(), out.size() * sizeof(double));
    work += view_->take_work();
    return StepStatus::ok;
  }

 private:
  py::object scheme_, step_, view_object_;
  PyView* view_ = nullptr;
  std::string name_;
  double claimed_;
  bool describe_errors_;
};


// ---------------------------------------------------------------- a problem in Python

// A problem written in Python (its f, g, grad, distance, project, and
// optionally exact) as a plugin view: the engine, the C++ schemes and the
// Python schemes see it as they see an in-tree problem. Every call takes the
// GIL; a Python exception in one reaches the caller of the check as raised.
class PyProblemView final : public plugin::ProblemView, private plugin::ConstraintView {
 public:
  PyProblemView(std::string name, int dim, int m, py::function f, py::function g, py::function grad,
                py::function distance, py::function project)
      : name_(std::move(name)), dim_(dim), m_(m), f_(std::move(f)), g_(std::move(g)), grad_(std::move(grad)),
        distance_(std::move(distance)), project_(std::move(project)) {}
  ~PyProblemView() override {
    py::gil_scoped_acquire gil;
    f_ = g_ = grad_ = distance_ = project_ = py::function();
  }
  int dim() const override { return dim_; }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    py::gil_scoped_acquire gil;
    copy_out(f_(t, to_numpy(x)), out, "f(t, x)");
  }
  const plugin::ConstraintView& constraints() const override { return *this; }

 private:
  int size() const override { return m_; }
  double value(int j, double t, std::span<const double> x) const override {
    py::gil_scoped_acquire gil;
    return scalar(g_(j, t, to_numpy(x)), "g(j, t, x)");
  }
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override {
    py::gil_scoped_acquire gil;
    copy_out(grad_(j, t, to_numpy(x)), g, "grad(j, t, x)");
  }
  double distance(int j, double t, std::span<const double> x) const override {
    py::gil_scoped_acquire gil;
    return scalar(distance_(j, t, to_numpy(x)), "distance(j, t, x)");
  }
  bool project(int j, double t, std::span<double> x) const override {
    py::gil_scoped_acquire gil;
    const Array p = as_state(project_(j, t, to_numpy(x)), dim_, "problem '" + name_ + "': project(j, t, y) returned a value that");
    const bool moved = std::memcmp(p.data(), x.data(), x.size() * sizeof(double)) != 0;
    std::memcpy(x.data(), p.data(), x.size() * sizeof(double));
    return moved;
  }
  void copy_out(const py::object& r, std::span<double> out, const char* what) const {
    const Array a = as_state(r, dim_, "problem '" + name_ + "': " + what + " returned a value that");
    std::memcpy(out.data(), a.data(), out.size() * sizeof(double));
  }
  double scalar(const py::object& r, const char* what) const {
    try {
      return r.cast<double>();
    } catch (py::cast_error&) {
      throw py::type_error("problem '" + name_ + "': " + what + " must return a float, got " +
                           py::str(py::type::handle_of(r).attr("__name__")).cast<std::string>());
    }
  }

  std::string name_;
  int dim_, m_;
  py::function f_, g_, grad_, distance_, project_;
};

// The View class in module `m`, local to it: the extension and the plugin
// each register their own (pybind11's module_local), so both may live in one
// interpreter.
inline void bind_view(py::module_& m) {
  py::class_<PyView>(m, "View", py::module_local(),
                     "The problem as a scheme's step() sees it, valid during that step only. Counts the constraint "
                     "calls as the host's views do.")
      .def_property_readonly("dim", &PyView::dim)
      .def_property_readonly("num_constraints", &PyView::size)
      .def("f", &PyView::f, py::arg("t"), py::arg("x"), "f(t, x), a new array")
      .def("g", &PyView::g, py::arg("j"), py::arg("t"), py::arg("x"), "g_j(t, x), >= 0 on S_j")
      .def("grad", &PyView::grad, py::arg("j"), py::arg("t"), py::arg("x"), "the gradient of g_j, pointing into S_j")
      .def("distance", &PyView::distance, py::arg("j"), py::arg("t"), py::arg("x"), "d_{S_j}(x)")
      .def("project", &PyView::project, py::arg("j"), py::arg("t"), py::arg("y"), "P_{S_j(t)}(y), a new array")
      .def("project_inplace", &PyView::project_inplace, py::arg("j"), py::arg("t"), py::arg("y"),
           "y <- P_{S_j(t)}(y) in place (float64, contiguous); True when y moved")
      .def("values", &PyView::values, py::arg("t"), py::arg("x"), "every g_j(t, x), shape (m,)")
      .def("grads", &PyView::grads, py::arg("t"), py::arg("x"), "every gradient, shape (m, dim)")
      .def("distances", &PyView::distances, py::arg("t"), py::arg("x"), "every d_{S_j}(x), shape (m,)")
      .def("sweep", &PyView::sweep, py::arg("t"), py::arg("y"),
           "one Gauss-Seidel sweep of the exact projections in order (seed 000, (4)), a new array")
      .def_property_readonly("has_polyhedron", &PyView::has_polyhedron,
                             "True when the problem's set is a polyhedron {z : M z + b(t) >= 0}")
      .def("polyhedron", &PyView::polyhedron, py::arg("t"),
           "(M, b) of S(t) = {z : M z + b >= 0}, new arrays of shape (m, dim) and (m,); one evaluation per row")
      .def("count", &PyView::count, py::arg("sweeps") = 0, py::arg("inner_iterations") = 0,
           "report work the view cannot see");
}

}  // namespace sweepcheck::python
