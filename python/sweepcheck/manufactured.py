"""Manufactured sweeping processes: exact solutions for any event schedule (issue 56).

A schedule (a dict, the JSON format of analytic/manufactured/manufactured.md)
names the sets S(t), the exact solution x*(t) through each constraint's
contact intervals, and the multipliers; sweepcheck builds
f = x*' - sum_j mu_j grad g_j(x*) + A (x - x*), for which x* solves the
sweeping process.  ::

    import sweepcheck
    p = sweepcheck.manufactured(seed=3)                 # a drawn problem (draw 0 of seed 3)
    p = sweepcheck.manufactured(prepared="corner")      # landings, corner, crowd-of-pairs, obstacle
    p = sweepcheck.manufactured(schedule=my_dict)       # your own schedule (dict or JSON text)

The problem is the ``sweepcheck.problem`` kind: ``p.exact(t)``, and it runs in
``sweepcheck.testing``.  A Hypothesis strategy draws whole schedules, and
shrinks a failing one to few bodies and few contacts::

    from hypothesis import given, settings
    import sweepcheck, sweepcheck.testing as st
    from sweepcheck.manufactured import schedules

    @settings(max_examples=6, deadline=None)   # a check takes longer than Hypothesis's 200 ms deadline
    @given(schedules())
    def test_my_scheme_converges_at_order_one(s):
        st.assert_converges(MyScheme(), sweepcheck.manufactured(schedule=s), 1,
                            steps=[40, 80, 160, 320, 640], budget_work=2e6)

A failing property costs its shrinking: hundreds of candidates, each a whole check that refines to its budget
(0.7-0.9 s for PBD at budget_work=2e6), so keep ladders short and budgets small in properties.

Bad schedules raise ValueError naming the field (a negative multiplier, the
wrong sign of the normal cone, is one).
"""
import json
import math

from . import _sweepcheck

FORMAT = "sweepcheck-manufactured-schedule/1"
PREPARED = ("landings", "corner", "crowd-of-pairs", "obstacle")


def schedule(seed=1, draw=0, prepared=None):
    """The schedule (a dict) of draw ``draw`` of ``seed`` -- the one ``sweepcheck audit --manufactured N --seed S``
    audits as its draw ``draw`` -- or the prepared schedule ``prepared``."""
    if prepared is not None and not isinstance(prepared, str):
        raise TypeError("prepared must be a name: " + ", ".join(PREPARED))
    return json.loads(_sweepcheck.manufactured_schedule(int(seed), int(draw), prepared or ""))


def manufactured(seed=None, *, draw=0, prepared=None, schedule=None):
    """A manufactured problem with its exact solution: from a seed (and a draw index), a prepared name, or a
    schedule (a dict, or its JSON text).  Exactly one of seed, prepared and schedule."""
    given = sum(x is not None for x in (seed, prepared, schedule))
    if given != 1:
        raise ValueError("manufactured: give exactly one of seed, prepared and schedule")
    if schedule is None:
        text = _sweepcheck.manufactured_schedule(int(seed or 0), int(draw), prepared or "")
    elif isinstance(schedule, str):
        text = schedule
    elif isinstance(schedule, dict):
        text = json.dumps(schedule)
    else:
        raise TypeError("manufactured: schedule must be a dict or JSON text, got " + type(schedule).__name__)
    return _sweepcheck.make_problem("manufactured", {"schedule": text})


def schedules(max_bodies=4, max_contacts=3, body_dims=(2, 1, 3), kinds=("walls", "pair", "obstacle"), t_end=2.0):
    """A Hypothesis strategy of valid schedules (dicts).  Every choice is a Hypothesis draw, so a failing
    schedule shrinks: towards one walls body with axis normals, fewer contacts, simpler numbers."""
    from hypothesis import strategies as hs

    kinds = tuple(kinds)
    if not kinds or any(k not in ("walls", "pair", "obstacle") for k in kinds):
        raise ValueError("schedules: kinds must be a non-empty selection of walls, pair, obstacle")
    if max_bodies < 1 or max_contacts < 0 or not t_end > 0:
        raise ValueError("schedules: max_bodies >= 1, max_contacts >= 0 and t_end > 0 needed")

    def real(lo, hi):
        return hs.floats(lo, hi, allow_nan=False, allow_infinity=False)

    @hs.composite
    def path(draw, x0=(-1.0, 1.0), v=(-1.0, 1.0), a=0.5):
        return {"x0": draw(real(*x0)), "v": draw(real(*v)), "a": draw(real(0, a)), "omega": draw(real(1, 5)),
                "phase": draw(real(0, 6.283185307179586))}

    @hs.composite
    def frame(draw, d, k):
        # k orthonormal vectors in R^d: Gram-Schmidt of drawn vectors; a (nearly) dependent draw -- what
        # shrinking to zeros gives -- falls back to the coordinate axes.
        out = []
        for i in range(k):
            v = draw(hs.lists(real(-1, 1), min_size=d, max_size=d))
            for u in out:
                s = sum(a * b for a, b in zip(v, u))
                v = [a - s * b for a, b in zip(v, u)]
            n = math.sqrt(sum(a * a for a in v))
            if n < 0.1:
                return [[1.0 if j == i else 0.0 for j in range(d)] for i in range(k)]
            out.append([a / n for a in v])
        return out

    @hs.composite
    def gap(draw, scale):
        c = draw(hs.integers(0, max_contacts))
        g = {"contacts": [], "gap0": draw(real(0.1, 0.5)) * scale, "curvature": draw(real(0.5, 2)) * scale,
             "mu0": draw(real(0, 1)), "press": draw(real(0, 0.5))}
        if c == 0:
            return g
        w = draw(hs.lists(real(0.5, 1.5), min_size=2 * c + 1, max_size=2 * c + 1))
        if draw(hs.booleans()):
            w[0] = 0.0  # in contact from t = 0
        if draw(hs.booleans()):
            w[-1] = 0.0  # in contact to the end
        total = sum(w)
        times, t = [], 0.0
        for x in w[:-1]:
            t += x / total * t_end
            times.append(t)
        for i in range(c):
            s, e = times[2 * i], times[2 * i + 1]
            if i == 0 and w[0] == 0:
                s = 0.0
            if i == c - 1 and w[-1] == 0:
                e = t_end
            g["contacts"].append([s, e])
        return g

    def gap_bound(g):
        # Each free flight of manufactured.md is at most gap0 + curvature T^2.
        return g["gap0"] + g["curvature"] * t_end * t_end

    @hs.composite
    def strategy(draw):
        d = draw(hs.sampled_from(body_dims))
        A = {"diagonal": draw(real(-2, 0.5)), "rotation": draw(real(-1, 1)), "coupling": draw(real(-0.5, 0.5))}
        s = {"format": FORMAT, "name": "hypothesis", "seed": 0, "t_end": t_end, "body_dim": d, "A": A,
             "components": []}
        usable = [k for k in kinds if not (k == "obstacle" and d < 2)] or ["walls"]
        if "obstacle" in usable and (usable == ["obstacle"] or draw(hs.booleans())):  # an obstacle alone
            p, q = draw(frame(d, 2))
            s["components"].append({
                "kind": "obstacle", "radius": draw(real(0.5, 1.5)),
                "centre": draw(hs.lists(real(-1, 1), min_size=d, max_size=d)),
                "drift": draw(hs.lists(real(-0.5, 0.5), min_size=d, max_size=d)),
                "p": p, "q": q, "angle": draw(path(x0=(0, 3.2))), "gap": draw(gap(1.0))})
            return s
        others = [k for k in usable if k != "obstacle"]
        n = draw(hs.integers(1, max_bodies))
        pairs = []
        bodies, k = 0, draw(hs.sampled_from(others))
        while bodies < n:
            if k == "pair" and bodies + 2 <= n:
                r = draw(real(0.2, 0.5))
                fr = draw(frame(d, min(2, d)))
                pairs.append({"kind": "pair", "radius": r, "p": fr[0], "q": fr[1] if d >= 2 else [],
                              "angle": draw(path(x0=(0, 3.2))), "gap": draw(gap(r))})
                bodies += 2
            else:
                if "walls" not in others:
                    break
                nw = 2 if d >= 2 and draw(hs.booleans()) else 1
                normals = draw(frame(d, nw))
                walls = []
                for i in range(nw):
                    moving = draw(hs.booleans())
                    walls.append({"normal": normals[i], "offset": draw(real(-1, 1)),
                                  "drift": draw(real(-0.5, 0.5)) if moving else 0.0,
                                  "amplitude": draw(real(0.05, 0.3)) if moving else 0.0,
                                  "omega": draw(real(1, 6.28)) if moving else 1.0, "gap": draw(gap(1.0))})
                s["components"].append({"kind": "walls", "walls": walls,
                                        "tangential": [draw(path()) for _ in range(d - nw)]})
                bodies += 1
            k = draw(hs.sampled_from(others))
        if not s["components"] and not pairs:
            fr = [[1.0] + [0.0] * (d - 1), [0.0, 1.0] + [0.0] * (d - 2)]
            pairs.append({"kind": "pair", "radius": 0.3, "p": fr[0], "q": fr[1] if d >= 2 else [],
                          "angle": draw(path(x0=(0, 3.2))), "gap": draw(gap(0.3))})
        # Lanes (manufactured.md, "Lanes"): each pair within 2R + max gap / 2 of its centre, centres
        # oscillating by at most 0.1 about lanes spaced so that bodies of different pairs stay 2 R_max apart.
        if pairs:
            reach = max(2 * p["radius"] + gap_bound(p["gap"]) / 2 for p in pairs)
            spacing = 2 * reach + 0.4 + 2 * max(p["radius"] for p in pairs)
            columns = len(pairs) if d == 1 else math.ceil(math.sqrt(len(pairs)))
            drift = draw(real(-0.5, 0.5))
            for i, p in enumerate(pairs):
                centre = []
                for axis in range(d):
                    c = draw(path(x0=(0, 0), v=(0, 0), a=0.1))
                    c["v"] = drift if axis == 0 else 0.0
                    c["x0"] = spacing * (i % columns) if axis == 0 else spacing * (i // columns) if axis == 1 else 0.0
                    centre.append(c)
                p["centre"] = centre
                s["components"].append(p)
        return s

    return strategy()


# sweepcheck.manufactured is this function (the package exports it); its helpers ride along, so
# sweepcheck.manufactured.schedules() and sweepcheck.manufactured.schedule(...) work too.
manufactured.schedules = schedules
manufactured.schedule = schedule
manufactured.PREPARED = PREPARED
