// The compiled half of the Python package `sweepcheck` (issue 49): a thin
// layer over the engine's testing API (sweepcheck/testing.hpp,
// sweepcheck/reference_free_check.hpp), not a second implementation.
//
//   - A scheme written in Python is a plugin::Stepper (PyStepper below): each
//     step calls its step(t, x, h, view) with NumPy arrays, and the view is the
//     run's plugin::ProblemView (f, the constraints' g, gradient, distance and
//     projection, one at a time or all at once), counting the constraint
//     calls as the host's CountingView does (solvers/adapters/counting_view.hpp).
//   - A problem is type-erased behind its plugin view (ErasedProblem), so the
//     engine's check is instantiated once, for one problem type and one scheme
//     type (PluginScheme over a factory): the module's compile time does not
//     grow with the problems or the schemes it offers.
//   - The results are the engine's values (ConvergenceResult,
//     ReferenceFreeResult) bound as read-only Python objects: the verdict, the
//     reason, summary(), headline() and describe() are the C++ API's own.
//
// The GIL: check_convergence runs serially on the calling thread, which holds
// the GIL throughout; a Python exception raised in step() crosses the engine
// as pybind11::error_already_set and reaches the caller as the same Python
// exception, traceback included. (Threads and child processes: python/isolation.md.)
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// First: ViewConstraint's value / gradient / distance / project must be
// declared before ProblemViewOf's qualified calls to them are defined
// (PluginScheme runs a view over ErasedProblem, whose constraints are a view's).
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
// The rest.
#include "sweepcheck/analytic/manufactured/draw.hpp"
#include "sweepcheck/analytic/manufactured/manufactured_problem.hpp"
#include "sweepcheck/analytic/manufactured/schedule_json.hpp"
#include "sweepcheck/analytic/crowd_view.hpp"
#include "sweepcheck/analytic/moving_sets.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/figure_panels.hpp"
#include "sweepcheck/figures.hpp"
#include "sweepcheck/reference_free_check.hpp"
#include "sweepcheck/solvers/adapters/polyhedral_view.hpp"
#include "sweepcheck/solvers/adapters/problem_view_of.hpp"
#include "sweepcheck/solvers/plugin/problem_validation.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/testing.hpp"
#include "sweepcheck/work_precision.hpp"
// After the engine: the Python scheme and its view.
#include "py_scheme.hpp"

namespace py = pybind11;

namespace sweepcheck::python {
namespace {


// ---------------------------------------------------------------- problems

// The Problem concept over a plugin view (as the audit's RunProblem,
// studies/runs/erased_run.cpp), with an exact solution: one type for every
// problem the module offers.
class ErasedProblem {
 public:
  using Scalar = double;
  ErasedProblem(std::string name, std::string parameters, std::shared_ptr<const plugin::ProblemView> view,
                Vec<double> x0, double t0, double t_end, std::function<Vec<double>(double)> exact)
      : name_(std::move(name)), parameters_(std::move(parameters)), view_(std::move(view)), vp_(*view_),
        x0_(std::move(x0)), t0_(t0), t_end_(t_end), exact_(std::move(exact)) {}
  ErasedProblem(const ErasedProblem& o)
      : ErasedProblem(o.name_, o.parameters_, o.view_, o.x0_, o.t0_, o.t_end_, o.exact_) {}

  int dim() const { return vp_.dim(); }
  Vec<double> f(double t, const Vec<double>& x) const { return vp_.f(t, x); }
  const ViewConstraintSet& constraints() const { return vp_.constraints(); }
  Vec<double> x0() const { return x0_; }
  double t0() const { return t0_; }
  double t_end() const { return t_end_; }
  std::string name() const { return name_; }
  Vec<double> exact(double t) const {
    if (!exact_) throw py::value_error("problem '" + name_ + "' has no exact solution: use reference_free(scheme, problem)");
    return exact_(t);
  }
  bool has_exact() const { return bool(exact_); }
  const std::string& parameters() const { return parameters_; }
  const plugin::ProblemView& view() const { return *view_; }

 private:
  std::string name_, parameters_;
  std::shared_ptr<const plugin::ProblemView> view_;
  ViewProblem vp_;
  Vec<double> x0_;
  double t0_, t_end_;
  std::function<Vec<double>(double)> exact_;
};
static_assert(HasExactSolution<ErasedProblem>);

// `polyhedron`, when given, is S(t) as {z : M z + b(t) >= 0}: the view hands
// it out too (solvers/adapters/polyhedral_view.hpp), as the audit's does.
template <class P>
ErasedProblem erase(P p, std::string parameters, std::function<Polyhedron<double>(double)> polyhedron = {}) {
  auto shared = std::make_shared<const P>(std::move(p));
  const P& q = *shared;
  std::shared_ptr<const plugin::ProblemView> view = make_problem_view(q);
  if (polyhedron) view = std::make_shared<const WithPolyhedron>(std::move(view), std::move(polyhedron));
  return ErasedProblem(q.name(), std::move(parameters), std::move(view), q.x0(), double(q.t0()), double(q.t_end()),
                       [shared](double t) { return shared->exact(t); });
}

// options: {"name": value}, every name one of `known` (its field), else a
// ValueError naming it and the accepted ones.
template <class Options>
Options read_options(const char* problem, const py::dict& given,
                     const std::vector<std::pair<const char*, double Options::*>>& known, std::string& parameters) {
  Options o;
  for (const auto& [key, value] : given) {
    const std::string k = py::str(key);
    bool found = false;
    for (const auto& [name, field] : known) {
      if (k != name) continue;
      o.*field = value.template cast<double>();
      found = true;
    }
    if (!found) {
      std::string names;
      for (const auto& [name, field] : known) names += std::string(names.empty() ? "" : ", ") + name;
      throw py::value_error(std::string("problem '") + problem + "' has no option '" + k + "' (its options: " +
                            names + ")");
    }
  }
  for (const auto& [name, field] : known) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", o.*field);
    parameters += std::string(parameters.empty() ? "" : " ") + name + "=" + buf;
  }
  return o;
}

// A manufactured problem (issue 56, analytic/manufactured/manufactured.md):
// options {"schedule": JSON text} (python/sweepcheck/manufactured.py writes
// it); a schedule that does not read or validate is a ValueError naming the field.
ErasedProblem make_manufactured(const py::dict& options) {
  std::string text;
  for (const auto& [key, value] : options) {
    if (py::str(key).cast<std::string>() != "schedule")
      throw py::value_error("problem 'manufactured' has no option '" + py::str(key).cast<std::string>() +
                            "' (its option: schedule, the JSON text)");
    text = value.cast<std::string>();
  }
  try {
    manufactured::ManufacturedProblem<double> p(manufactured::from_json(text));
    const std::string parameters = "schedule=" + p.schedule().name + " seed=" + std::to_string(p.schedule().seed) +
                                   " d=" + std::to_string(p.dim());
    return erase(std::move(p), parameters);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

// The in-tree problems with an exact solution (analytic/), by name; their
// options as keyword arguments (validated by the problems themselves).
ErasedProblem make_problem(const std::string& name, const py::dict& options) {
  std::string parameters;
  if (name == "sliding") {
    // d is an integer: read apart from the doubles.
    py::dict rest;
    int d = 3;
    for (const auto& [key, value] : options) {
      if (py::str(key).cast<std::string>() == "d") {
        const double dd = value.cast<double>();
        if (!(dd == std::floor(dd)) || !(dd >= 3) || !(dd <= 1e6))
          throw py::value_error("problem 'sliding': d must be an integer >= 3 (got " + py::repr(value).cast<std::string>() + ")");
        d = int(dd);
      } else {
        rest[key] = value;
      }
    }
    auto o = read_options<SlidingCaseOptions>(
        "sliding", rest,
        {{"C", &SlidingCaseOptions::C}, {"alpha", &SlidingCaseOptions::alpha}, {"t_end", &SlidingCaseOptions::t_end}},
        parameters);
    o.d = d;
    parameters = "d=" + std::to_string(d) + " " + parameters;
    return erase(SlidingCase<double>(o), parameters);
  }
  if (name == "moving-half-plane") {
    using O = MovingHalfPlaneOptions;
    auto o = read_options<O>("moving-half-plane", options,
                             {{"A", &O::A}, {"omega", &O::omega}, {"g", &O::g}, {"a", &O::a}, {"u", &O::u}, {"b", &O::b},
                              {"x1", &O::x1}, {"x2", &O::x2}, {"t_end", &O::t_end}, {"kappa", &O::kappa}},
                             parameters);
    const MovingHalfPlane<double> p(o);
    // The wall {x : x_2 >= c(t)}: M = (0 1), b = -c(t), the set of its HalfSpace constraint.
    return erase(p, parameters, [p](double t) {
      Polyhedron<double> s{Mat<double>::Zero(1, 2), Vec<double>::Constant(1, -p.wall(t))};
      s.M(0, 1) = 1;
      return s;
    });
  }
  if (name == "dragged-in-ball") {
    using O = DraggedInBallOptions;
    auto o = read_options<O>("dragged-in-ball", options,
                             {{"v", &O::v}, {"R", &O::R}, {"y0", &O::y0}, {"t_end", &O::t_end}, {"c0", &O::c0}},
                             parameters);
    return erase(DraggedInBall<double>(o), parameters);
  }
  if (name == "pushed-by-obstacle") {
    using O = PushedByObstacleOptions;
    auto o = read_options<O>("pushed-by-obstacle", options,
                             {{"v", &O::v}, {"R", &O::R}, {"theta0", &O::theta0}, {"t_end", &O::t_end}}, parameters);
    return erase(PushedByObstacle<double>(o), parameters);
  }
  if (name == "crowd") {
    // Seed 001's crowd evacuation with every pair and every (disk, wall) constraint on the view
    // (analytic/crowd_view.hpp), a small crowd by default (the audit's room); no exact solution:
    // reference_free checks it. Bad options: CrowdOptions::validate's ValueError.
    CrowdOptions o{.people = 10, .radius = 0.2, .room = 3, .door_width = 0.8, .t_end = 1, .seed = 1};
    const std::vector<std::pair<const char*, double CrowdOptions::*>> reals{
        {"radius", &CrowdOptions::radius}, {"room", &CrowdOptions::room},
        {"door_width", &CrowdOptions::door_width}, {"t_end", &CrowdOptions::t_end}};
    for (const auto& [key, value] : options) {
      const std::string k = py::str(key);
      if (k == "people" || k == "seed") {
        const double v = value.cast<double>();
        if (!(v == std::floor(v)) || !(v >= (k == "people" ? 1 : 0)) || !(v <= 1e6))
          throw py::value_error("problem 'crowd': " + k + " must be a whole number in [" +
                                (k == "people" ? "1" : "0") + ", 1e6], got " + py::repr(value).cast<std::string>());
        if (k == "people") o.people = int(v); else o.seed = std::uint64_t(v);
        continue;
      }
      bool found = false;
      for (const auto& [field, member] : reals)
        if (k == field) o.*member = value.cast<double>(), found = true;
      if (!found)
        throw py::value_error("problem 'crowd' has no option '" + k +
                              "' (its options: people, seed, radius, room, door_width, t_end)");
    }
    char buf[160];
    std::snprintf(buf, sizeof buf, "people=%d seed=%llu radius=%.6g room=%.6g door_width=%.6g t_end=%.6g", o.people,
                  static_cast<unsigned long long>(o.seed), o.radius, o.room, o.door_width, o.t_end);
    auto view = std::make_shared<const CrowdAllConstraintsView>(CrowdEvacuation<double>(o));
    const CrowdEvacuation<double>& p = view->problem();
    return ErasedProblem(p.name(), buf, view, p.x0(), p.t0(), p.t_end(), {});
  }
  if (name == "manufactured") return make_manufactured(options);
  throw py::value_error("unknown problem '" + name +
                        "' (known: sliding, moving-half-plane, dragged-in-ball, pushed-by-obstacle, crowd, "
                        "manufactured)");
}

// A scheme source for the engine: a factory of fresh plugin::Steppers.
using StepperFactory = std::function<std::unique_ptr<plugin::Stepper>()>;

// `make()` returns a fresh Python scheme object (python/sweepcheck/_schemes.py).
// `problem`'s polyhedron, if it has one, reaches the scheme's view.polyhedron
// (the engine steps it through a view of the type-erased problem).
StepperFactory python_factory(py::function make, std::string name, double claimed, const ErasedProblem& problem) {
  const PolyhedralView* poly = as_polyhedral(problem.view());
  return [make = std::move(make), name = std::move(name), claimed, poly]() -> std::unique_ptr<plugin::Stepper> {
    py::gil_scoped_acquire gil;
    auto s = std::make_unique<PyStepper>(make(), name, claimed);
    s->set_polyhedron_source(poly);
    return s;
  };
}

// The in-tree schemes the module offers by name, through the same plugin
// path as a Python scheme (so the two differ only in the scheme's own code).
StepperFactory cpp_factory(const std::string& name) {
  if (name == "pbd")
    return [] { return std::unique_ptr<plugin::Stepper>(new TemplateStepper<Pbd<double>>(Pbd<double>{}, "pbd", 1.0)); };
  throw py::value_error("unknown in-tree scheme '" + name + "' (the module offers: pbd)");
}

// ---------------------------------------------------------------- a problem in Python
// (PyProblemView: python/py_scheme.hpp, shared with the audit's Python problem plugin)

// The problem, validated as problem plugins are (solvers/plugin/problem_validation.hpp,
// issue 37): a ValueError listing every property it breaks.
ErasedProblem python_problem(const std::string& name, const std::string& parameters, int m, double t0, double t_end,
                             const py::handle& x0_given, py::function f, py::function g, py::function grad,
                             py::function distance, py::function project, py::object exact, double time_scale,
                             bool validate) {
  if (m < 0) throw py::value_error("problem '" + name + "': num_constraints must be >= 0, got " + std::to_string(m));
  if (!(t_end > t0) || !std::isfinite(t0) || !std::isfinite(t_end))
    throw py::value_error("problem '" + name + "': needs finite t0 < t_end, got t0 = " + std::to_string(t0) +
                          ", t_end = " + std::to_string(t_end));
  const Array x0a = Array::ensure(x0_given);
  if (!x0a) PyErr_Clear();
  if (!x0a || x0a.ndim() != 1 || x0a.shape(0) < 1)
    throw py::value_error("problem '" + name + "': x0 must be a non-empty 1-d array of floats");
  const int dim = int(x0a.shape(0));
  Vec<double> x0 = Eigen::Map<const Vec<double>>(x0a.data(), dim);
  auto view = std::make_shared<const PyProblemView>(name, dim, m, std::move(f), std::move(g), std::move(grad),
                                                    std::move(distance), std::move(project));
  std::function<Vec<double>(double)> exact_fn;
  if (!exact.is_none()) {
    auto holder = std::shared_ptr<py::object>(new py::object(std::move(exact)), [](py::object* o) {
      py::gil_scoped_acquire gil;
      delete o;
    });
    exact_fn = [holder, dim, name](double t) {
      py::gil_scoped_acquire gil;
      const Array a = as_state((*holder)(t), dim, "problem '" + name + "': exact(t) returned a value that");
      return Vec<double>(Eigen::Map<const Vec<double>>(a.data(), dim));
    };
  }
  if (validate) {
    ProblemUnderValidation p{*view, t0, t_end, std::span<const double>(x0.data(), std::size_t(dim)), {}, time_scale};
    if (exact_fn)
      p.exact = [&exact_fn](double t, std::span<double> out) {
        const Vec<double> x = exact_fn(t);
        std::memcpy(out.data(), x.data(), out.size() * sizeof(double));
        return true;
      };
    const auto broken = problem_violations(p);
    if (!broken.empty()) {
      std::string msg = "problem '" + name + "' is not what it says it is (" + std::to_string(broken.size()) +
                        (broken.size() == 1 ? " property" : " properties") + " broken; validate=False to check it anyway):";
      for (const auto& b : broken) msg += "\n  - " + b;
      throw py::value_error(msg);
    }
  }
  return ErasedProblem(name, parameters, std::move(view), std::move(x0), t0, t_end, std::move(exact_fn));
}

// ---------------------------------------------------------------- the checks

struct CheckOptions {
  OrderClaim claim = OrderClaim::schemes_own();
  Steps steps = Steps::standard();
  std::string refine_for = "uniform";
  int points_per_step = 8;
  double budget_work = kAuditRefineWork;
  int max_new_rungs = 12;
  int samples = 16;
  int phases = 4;                      // grid phases per rung (studies/engine/grid_phases.hpp)
  std::string phases_at = "at-events";  // at-events, always, never
};

ConvergenceResult check(const ErasedProblem& problem, const StepperFactory& scheme, const CheckOptions& o) {
  if (!problem.has_exact())
    throw py::value_error("problem '" + problem.name() +
                          "' has no exact solution: check_convergence compares with it; use reference_free(scheme, problem)");
  ConvergenceOptions options;
  options.steps = o.steps;
  options.refine_for = o.refine_for;
  options.points_per_step = o.points_per_step;
  options.refine.budget_work = o.budget_work;
  options.refine.max_new_rungs = o.max_new_rungs;
  options.refine.validate();
  options.phases.count = o.phases;
  options.phases.when = parse_phases_when(o.phases_at);
  options.phases.validate();
  return check_convergence(problem, scheme, o.claim, options);
}

ReferenceFreeResult check_reference_free(const ErasedProblem& problem, const StepperFactory& scheme,
                                         const CheckOptions& o) {
  ReferenceFreeOptions options;
  options.steps = o.steps;
  options.samples = o.samples;
  options.refine.budget_work = o.budget_work;
  options.refine.max_new_rungs = o.max_new_rungs;
  options.refine.validate();
  options.phases.count = o.phases;
  options.phases.when = parse_phases_when(o.phases_at);
  options.phases.validate();
  return check_convergence_reference_free(problem, scheme, o.claim, options);
}

// compare_work_precision (sweepcheck/work_precision.hpp) over a list of
// schemes: the engine's series and finish, looped over a vector, so that one
// instantiation serves any number of schemes (the C++ call takes a tuple).
WorkPrecisionSet work_precision(const ErasedProblem& problem, const std::vector<StepperFactory>& schemes,
                                const Steps& steps, const WorkWeights& weights, const std::string& figure) {
  if (schemes.size() < 2) throw py::value_error("work_precision: give at least two schemes (the first is the baseline)");
  if (!problem.has_exact())
    throw py::value_error("work_precision: problem '" + problem.name() + "' has no exact solution");
  WorkPrecisionOptions options;
  options.steps = steps;
  options.weights = weights;
  options.figure = figure;
  options.validate();
  const double span = problem_span(problem, "compare_work_precision");
  const auto n = options.steps.step_counts(span);
  const auto exact = [&problem](const double& t) { return problem.exact(t); };
  WorkPrecisionSet w;
  w.problem = problem.name();
  w.weights = options.weights;
  for (const auto& scheme : schemes) w.series.push_back(work_precision_series(problem, scheme, exact, n, options));
  finish_work_precision(w, options);
  return w;
}

py::dict work_dict(const Work& w) {
  py::dict d;
  d["constraint_evaluations"] = w.constraint_evaluations;
  d["projections"] = w.projections;
  d["sweeps"] = w.sweeps;
  d["inner_iterations"] = w.inner_iterations;
  d["field_evaluations"] = w.field_evaluations;
  return d;
}

py::dict row_dict(const RunRow& r) {
  py::dict d;
  d["problem"] = r.problem;
  d["scheme"] = r.scheme;
  d["h"] = r.h;
  d["steps"] = r.steps;
  d["error_uniform"] = r.error_uniform;
  d["error_grid"] = r.error_grid;
  d["error_final"] = r.error_final;
  d["violation"] = r.violation;
  d["max_increment"] = r.max_increment;
  d["noise_floor"] = r.noise_floor;
  d["work"] = work_dict(r.work);
  d["work_units"] = r.work_units();
  d["wall_seconds"] = r.wall_seconds;
  d["status"] = to_string(r.status);
  d["refined"] = r.refined;
  d["phases"] = r.phases;
  d["phase"] = r.phase;
  d["error_phase_best"] = r.error_phase_best;
  d["events"] = r.events;
  return d;
}

py::list rows_list(const std::vector<RunRow>& rows) {
  py::list l;
  for (const auto& r : rows) l.append(row_dict(r));
  return l;
}

// What each figure shows (sweepcheck/figure_panels.hpp), as Python values: the one definition that
// write_figures draws with gnuplot and result.plot() with matplotlib (python/sweepcheck/_plot.py).
py::list figures_list(const std::vector<Figure>& figures) {
  py::list out;
  for (const auto& f : figures) {
    py::list panels;
    for (const auto& p : f.panels) {
      py::list lines;
      for (const auto& l : p.lines) {
        py::list points;
        for (const auto& [x, y] : l.points)
          if (figure_point_drawable(x, y, p)) points.append(py::make_tuple(x, y));
        lines.append(py::dict(py::arg("title") = l.title, py::arg("points") = points, py::arg("style") = l.style));
      }
      panels.append(py::dict(py::arg("title") = p.title, py::arg("xlabel") = p.xlabel, py::arg("ylabel") = p.ylabel,
                             py::arg("log_x") = p.log_x, py::arg("log_y") = p.log_y, py::arg("lines") = lines));
    }
    out.append(py::dict(py::arg("name") = f.name, py::arg("panels") = panels));
  }
  return out;
}

// write_figures into `dir`, made first when it is not there yet (the C++ API wants it to exist).
template <class Result>
std::vector<std::string> write_figures_into(const Result& r, const std::string& dir) {
  if (dir.empty()) throw py::value_error("write_figures: the folder is empty");
  std::filesystem::create_directories(dir);
  return write_figures(r, dir);
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace
}  // namespace sweepcheck::python

PYBIND11_MODULE(_sweepcheck, m) {
  using namespace sweepcheck;
  using namespace sweepcheck::python;
  m.doc() = "sweepcheck's engine for Python: see the package sweepcheck (python/sweepcheck/__init__.py)";

  py::class_<ErasedProblem>(m, "Problem", "An in-tree problem with an exact solution, seen through its plugin view.")
      .def_property_readonly("name", &ErasedProblem::name)
      .def_property_readonly("parameters", &ErasedProblem::parameters)
      .def_property_readonly("dim", &ErasedProblem::dim)
      .def_property_readonly("num_constraints", [](const ErasedProblem& p) { return p.constraints().size(); })
      .def_property_readonly("t0", &ErasedProblem::t0)
      .def_property_readonly("t_end", &ErasedProblem::t_end)
      .def_property_readonly("x0", [](const ErasedProblem& p) { return to_numpy(p.x0()); })
      .def("exact", [](const ErasedProblem& p, double t) { return to_numpy(p.exact(t)); }, py::arg("t"))
      .def_property_readonly("has_exact", &ErasedProblem::has_exact)
      .def("__repr__", [](const ErasedProblem& p) { return "<sweepcheck problem " + p.name() + " " + p.parameters() + ">"; });
  m.def("make_problem", &make_problem, py::arg("name"), py::arg("options"));
  m.def("manufactured_schedule", [](std::uint64_t seed, int draw, const std::string& prepared) {
        try {
          return manufactured::to_json(prepared.empty() ? manufactured::draw(manufactured::draw_seed(seed, draw))
                                                        : manufactured::prepared(prepared));
        } catch (const std::invalid_argument& e) {
          throw py::value_error(e.what());
        }
      }, py::arg("seed"), py::arg("draw") = 0, py::arg("prepared") = "");
  m.def("python_problem", &python_problem, py::arg("name"), py::arg("parameters"), py::arg("num_constraints"),
        py::arg("t0"), py::arg("t_end"), py::arg("x0"), py::arg("f"), py::arg("g"), py::arg("grad"),
        py::arg("distance"), py::arg("project"), py::arg("exact"), py::arg("time_scale"), py::arg("validate"));

  bind_view(m);

  py::enum_<OrderClaim::Kind>(m, "ClaimKind")
      .value("schemes_own", OrderClaim::Kind::schemes_own)
      .value("none", OrderClaim::Kind::none)
      .value("at_least", OrderClaim::Kind::at_least)
      .value("exactly", OrderClaim::Kind::exactly);
  py::class_<OrderClaim>(m, "OrderClaim", "The claim a check judges (sweepcheck/order_claim.hpp).")
      .def_static("at_least", [](double p) { auto c = OrderClaim::at_least(p); c.validate(); return c; }, py::arg("p"))
      .def_static("exactly", [](double p) { auto c = OrderClaim::exactly(p); c.validate(); return c; }, py::arg("p"))
      .def_static("none", &OrderClaim::none)
      .def_static("schemes_own", &OrderClaim::schemes_own)
      .def("within", [](const OrderClaim& c, double r) { auto d = c.within(r); d.validate(); return d; }, py::arg("resolution"))
      .def_readonly("kind", &OrderClaim::kind)
      .def_readonly("order", &OrderClaim::order)
      .def_readonly("resolution", &OrderClaim::resolution)
      .def("__str__", [](const OrderClaim& c) { return to_string(c); })
      .def("__repr__", [](const OrderClaim& c) { return "<OrderClaim " + to_string(c) + ">"; });

  py::class_<Steps>(m, "Steps", "The step sizes of a check, each h = T/n (sweepcheck/steps.hpp).")
      .def_static("counts", [](std::vector<std::int64_t> n) { auto s = Steps::counts(std::move(n)); s.validate(); return s; }, py::arg("n"))
      .def_static("sizes", [](std::vector<double> h) { auto s = Steps::sizes(std::move(h)); s.validate(); return s; }, py::arg("h"))
      .def_static("geometric", [](double a, double b, int k) { auto s = Steps::geometric(a, b, k); s.validate(); return s; },
                  py::arg("h_max"), py::arg("h_min"), py::arg("rungs"))
      .def_static("geometric_counts",
                  [](std::int64_t a, std::int64_t b, int k) { auto s = Steps::geometric_counts(a, b, k); s.validate(); return s; },
                  py::arg("n_min"), py::arg("n_max"), py::arg("rungs"))
      .def_static("standard", &Steps::standard)
      .def("step_counts", &Steps::step_counts, py::arg("span"))
      .def("__str__", &Steps::describe)
      .def("__repr__", [](const Steps& s) { return "<Steps " + s.describe() + ">"; });

  py::class_<CheckOptions>(m, "CheckOptions")
      .def(py::init<>())
      .def_readwrite("claim", &CheckOptions::claim)
      .def_readwrite("steps", &CheckOptions::steps)
      .def_readwrite("refine_for", &CheckOptions::refine_for)
      .def_readwrite("points_per_step", &CheckOptions::points_per_step)
      .def_readwrite("budget_work", &CheckOptions::budget_work)
      .def_readwrite("max_new_rungs", &CheckOptions::max_new_rungs)
      .def_readwrite("samples", &CheckOptions::samples)
      .def_readwrite("phases", &CheckOptions::phases)
      .def_readwrite("phases_at", &CheckOptions::phases_at)
      .def("__repr__", [](const CheckOptions& o) {
        return "<CheckOptions claim " + to_string(o.claim) + ", steps " + o.steps.describe() + ", refine_for " +
               o.refine_for + ", budget_work " + number(o.budget_work) + ", phases " + std::to_string(o.phases) +
               " at " + o.phases_at + ">";
      });

  py::class_<LocalOrder>(m, "LocalOrder", "The order between two consecutive rungs: log(e_large/e_small) / log(h_large/h_small).")
      .def_readonly("h_large", &LocalOrder::h_large)
      .def_readonly("h_small", &LocalOrder::h_small)
      .def_readonly("order", &LocalOrder::order)
      .def("__repr__", [](const LocalOrder& l) {
        return "<LocalOrder " + number(l.order) + " between h = " + number(l.h_large) + " and " + number(l.h_small) + ">";
      });
  py::class_<OrderFit>(m, "OrderFit", "A fitted order and its verdict (studies/engine/fit_order.hpp).")
      .def_readonly("order", &OrderFit::order)
      .def_readonly("ci_low", &OrderFit::ci_low)
      .def_readonly("ci_high", &OrderFit::ci_high)
      .def_readonly("points_used", &OrderFit::points_used)
      .def_readonly("local_orders", &OrderFit::local_orders)
      .def_readonly("settled", &OrderFit::settled)
      .def_property_readonly("refined_rungs", [](const OrderFit& f) { return f.refinement.rungs; })
      .def_property_readonly("refinement_stop", [](const OrderFit& f) { return f.refinement.stop; })
      .def_readonly("reason", &OrderFit::reason)
      .def_property_readonly("verdict", [](const OrderFit& f) { return to_string(f.verdict); })
      .def("__repr__", [](const OrderFit& f) {
        return "<OrderFit " + to_string(f.verdict) + ": order " + number(f.order) + " [" + number(f.ci_low) + ", " +
               number(f.ci_high) + "] from " + std::to_string(f.points_used) + " points>";
      });
  py::class_<NormFit>(m, "NormFit")
      .def_readonly("norm", &NormFit::norm)
      .def_readonly("errors", &NormFit::errors)
      .def_readonly("noise_floors", &NormFit::noise_floors)
      .def_readonly("fit", &NormFit::fit)
      .def_readonly("ladder_fit", &NormFit::ladder_fit)
      .def_property_readonly("verdict", [](const NormFit& n) { return to_string(n.verdict()); })
      .def_property_readonly("passed", &NormFit::passed)
      .def("__repr__", [](const NormFit& n) {
        return "<NormFit " + n.norm + ": " + to_string(n.verdict()) + ", order " + number(n.fit.order) + " [" +
               number(n.fit.ci_low) + ", " + number(n.fit.ci_high) + "], " + std::to_string(n.errors.size()) + " errors>";
      });

  py::class_<ConvergenceResult>(m, "ConvergenceResult",
                                "What check_convergence returns (sweepcheck/convergence_result.hpp).")
      .def_readonly("problem", &ConvergenceResult::problem)
      .def_readonly("scheme", &ConvergenceResult::scheme)
      .def_readonly("claim", &ConvergenceResult::claim)
      .def_property_readonly("claimed_order", [](const ConvergenceResult& r) { return r.claim.claimed_order(); })
      .def_property_readonly("claim_is_sharp", [](const ConvergenceResult& r) { return r.claim.sharp(); })
      .def_readonly("uniform", &ConvergenceResult::uniform)
      .def_readonly("final_time", &ConvergenceResult::final_time)
      .def_readonly("refined_for", &ConvergenceResult::refined_for)
      .def_readonly("fit", &ConvergenceResult::fit)
      .def_readonly("ladder_fit", &ConvergenceResult::ladder_fit)
      .def_property_readonly("rows", [](const ConvergenceResult& r) { return rows_list(r.rows); })
      .def_property_readonly("verdict", [](const ConvergenceResult& r) { return to_string(r.verdict()); })
      .def_property_readonly("reason", &ConvergenceResult::reason)
      .def_property_readonly("passed", &ConvergenceResult::passed)
      .def_property_readonly("local_orders", &ConvergenceResult::local_orders)
      .def("norm", [](const ConvergenceResult& r, const std::string& n) { return r.norm(n); }, py::arg("name"))
      .def("summary", &ConvergenceResult::summary)
      .def("headline", [](const ConvergenceResult& r) { return headline(r); })
      .def("describe", [](const ConvergenceResult& r) { return describe(r); })
      .def("write_figures", &write_figures_into<ConvergenceResult>, py::arg("dir"))
      .def("figures", [](const ConvergenceResult& r) { return figures_list(figures_of(r)); })
      .def("__str__", &ConvergenceResult::summary)
      .def("__repr__", [](const ConvergenceResult& r) { return "<ConvergenceResult " + r.summary() + ">"; });

  py::class_<ReferenceFreeResult>(m, "ReferenceFreeResult",
                                  "What reference_free returns (sweepcheck/reference_free_check.hpp).")
      .def_readonly("problem", &ReferenceFreeResult::problem)
      .def_readonly("scheme", &ReferenceFreeResult::scheme)
      .def_readonly("claim", &ReferenceFreeResult::claim)
      .def_readonly("fit", &ReferenceFreeResult::fit)
      .def_readonly("ladder_fit", &ReferenceFreeResult::ladder_fit)
      .def_property_readonly("rows", [](const ReferenceFreeResult& r) { return rows_list(r.rows); })
      .def_property_readonly("verdict", [](const ReferenceFreeResult& r) { return to_string(r.verdict()); })
      .def_property_readonly("reason", &ReferenceFreeResult::reason)
      .def_property_readonly("passed", &ReferenceFreeResult::passed)
      .def_property_readonly("order", &ReferenceFreeResult::order)
      .def_property_readonly("drift", &ReferenceFreeResult::drift)
      .def_property_readonly("gci", &ReferenceFreeResult::gci)
      .def("summary", &ReferenceFreeResult::summary)
      .def("headline", [](const ReferenceFreeResult& r) { return headline(r); })
      .def("describe", [](const ReferenceFreeResult& r) { return describe(r); })
      .def("write_figures", &write_figures_into<ReferenceFreeResult>, py::arg("dir"))
      .def("figures", [](const ReferenceFreeResult& r) { return figures_list(figures_of(r)); })
      .def("__str__", &ReferenceFreeResult::summary)
      .def("__repr__", [](const ReferenceFreeResult& r) { return "<ReferenceFreeResult " + r.summary() + ">"; });

  py::class_<WorkWeights>(m, "WorkWeights", "The work axis of a comparison (solvers/core/work_weights.hpp).")
      .def(py::init([](double f, double c, double p, double i) {
             WorkWeights w{f, c, p, i};
             return w;
           }),
           py::arg("field_evaluations") = 1.0, py::arg("constraint_evaluations") = 1.0, py::arg("projections") = 0.0,
           py::arg("inner_iterations") = 1.0)
      .def_static("paper", &WorkWeights::paper)
      .def_readonly("field_evaluations", &WorkWeights::field_evaluations)
      .def_readonly("constraint_evaluations", &WorkWeights::constraint_evaluations)
      .def_readonly("projections", &WorkWeights::projections)
      .def_readonly("inner_iterations", &WorkWeights::inner_iterations)
      .def("describe", &WorkWeights::describe)
      .def("__str__", &WorkWeights::describe)
      .def("__repr__", [](const WorkWeights& w) { return "<WorkWeights " + w.describe() + ">"; });
  py::class_<MatchedWork>(m, "MatchedWork")
      .def_readonly("scheme", &MatchedWork::scheme)
      .def_readonly("baseline", &MatchedWork::baseline)
      .def_readonly("compared", &MatchedWork::compared)
      .def_readonly("as_accurate", &MatchedWork::as_accurate)
      .def_readonly("tied", &MatchedWork::tied)
      .def_readonly("outside", &MatchedWork::outside)
      .def_readonly("min_ratio", &MatchedWork::min_ratio)
      .def_readonly("max_ratio", &MatchedWork::max_ratio)
      .def("at_least_as_accurate", &MatchedWork::at_least_as_accurate)
      .def("summary", &MatchedWork::summary)
      .def("__str__", &MatchedWork::summary)
      .def("__repr__", [](const MatchedWork& w) { return "<MatchedWork " + w.summary() + ">"; });
  py::class_<WorkPrecisionSet>(m, "WorkPrecisionSet", "What work_precision returns (sweepcheck/work_precision.hpp).")
      .def_readonly("problem", &WorkPrecisionSet::problem)
      .def_readonly("weights", &WorkPrecisionSet::weights)
      .def_readonly("matched", &WorkPrecisionSet::matched)
      .def_readonly("figure_files", &WorkPrecisionSet::figure_files)
      .def_property_readonly("series",
                             [](const WorkPrecisionSet& w) {
                               py::dict d;
                               for (const auto& s : w.series) d[py::str(s.scheme)] = rows_list(s.rows);
                               return d;
                             })
      .def("against_baseline", &WorkPrecisionSet::against_baseline_named, py::arg("scheme"),
           py::return_value_policy::copy)
      .def("summary", &WorkPrecisionSet::summary)
      .def("describe", [](const WorkPrecisionSet& w) { return describe(w); })
      .def("write_figures", &write_figures_into<WorkPrecisionSet>, py::arg("dir"))
      .def("figures", [](const WorkPrecisionSet& w) { return figures_list(figures_of(w)); })
      .def("__str__", &WorkPrecisionSet::summary)
      .def("__repr__", [](const WorkPrecisionSet& w) { return "<WorkPrecisionSet " + w.summary() + ">"; });
  m.def(
      "work_precision",
      [](const ErasedProblem& p, const py::list& schemes, const Steps& steps, const WorkWeights& weights,
         const std::string& figure) {
        std::vector<StepperFactory> factories;
        for (const auto& s : schemes) {
          const auto t = s.cast<py::tuple>();  // ("cpp", name) or ("python", make, name, claimed)
          if (t[0].cast<std::string>() == "cpp")
            factories.push_back(cpp_factory(t[1].cast<std::string>()));
          else
            factories.push_back(
                python_factory(t[1].cast<py::function>(), t[2].cast<std::string>(), t[3].cast<double>(), p));
        }
        return work_precision(p, factories, steps, weights, figure);
      },
      py::arg("problem"), py::arg("schemes"), py::arg("steps"), py::arg("weights"), py::arg("figure"));

  m.def(
      "check_convergence_python",
      [](const ErasedProblem& p, py::function make, std::string name, double claimed, const CheckOptions& o) {
        return check(p, python_factory(std::move(make), std::move(name), claimed, p), o);
      },
      py::arg("problem"), py::arg("make"), py::arg("name"), py::arg("claimed_order"), py::arg("options"));
  m.def(
      "check_convergence_cpp",
      [](const ErasedProblem& p, const std::string& scheme, const CheckOptions& o) {
        return check(p, cpp_factory(scheme), o);
      },
      py::arg("problem"), py::arg("scheme"), py::arg("options"));
  m.def(
      "reference_free_python",
      [](const ErasedProblem& p, py::function make, std::string name, double claimed, const CheckOptions& o) {
        return check_reference_free(p, python_factory(std::move(make), std::move(name), claimed, p), o);
      },
      py::arg("problem"), py::arg("make"), py::arg("name"), py::arg("claimed_order"), py::arg("options"));
  m.def(
      "reference_free_cpp",
      [](const ErasedProblem& p, const std::string& scheme, const CheckOptions& o) {
        return check_reference_free(p, cpp_factory(scheme), o);
      },
      py::arg("problem"), py::arg("scheme"), py::arg("options"));
  m.attr("AUDIT_REFINE_WORK") = kAuditRefineWork;
}
