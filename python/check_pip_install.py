"""ctest python.pip_installs_the_package_program_and_plugin_into_a_fresh_venv_reusing_the_build:
README's `pip install .` (issue 59, item 1), from a fresh virtual environment in a temporary folder,
offline, reusing the build tree:

    python3 -m venv --system-site-packages v && v/bin/pip install --no-build-isolation --no-index SOURCE

with SWEEPCHECK_BUILD_DIR=BUILD. Checks that nothing was compiled (the extension, the program and the
plugin in BUILD keep their modification times), that the package, the program and the plugin are in
the venv and work from a folder outside the clone (`python -m sweepcheck --help`, `sweepcheck --help`,
a check, the pytest plugin's entry point), that the clone got no file, and that `pip uninstall` leaves
the venv as it was before the install, file for file.

    python3 check_pip_install.py SOURCE BUILD
"""
import glob
import os
import subprocess
import sys
import tempfile


def files_under(root):
    out = set()
    for folder, dirs, files in os.walk(root):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            out.add(os.path.relpath(os.path.join(folder, name), root))
        for d in dirs:
            out.add(os.path.relpath(os.path.join(folder, d), root) + os.sep)
    return out


def run(args, **kwargs):
    p = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL, **kwargs)
    if p.returncode != 0:
        sys.exit(f"{' '.join(args)} failed (exit {p.returncode}):\n{p.stdout}\n{p.stderr}")
    return p


def main(source, build):
    source, build = os.path.realpath(source), os.path.realpath(build)
    built = glob.glob(os.path.join(build, "python", "sweepcheck", "_sweepcheck*.so")) + [
        os.path.join(build, "app", "sweepcheck"), os.path.join(build, "python", "libsweepcheck_python_scheme.so")]
    before = {f: os.stat(f).st_mtime_ns for f in built}
    clone = set(os.listdir(source))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))}
    env.update(SWEEPCHECK_BUILD_DIR=build, PIP_NO_INDEX="1", PIP_NO_CACHE_DIR="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               PYTHONDONTWRITEBYTECODE="1")
    with tempfile.TemporaryDirectory(prefix="sweepcheck-pip-") as tmp:
        venv = os.path.join(tmp, "v")
        run([sys.executable, "-m", "venv", "--system-site-packages", venv], env=env)
        fresh = files_under(venv)
        bin_ = os.path.join(venv, "bin")
        log = run([os.path.join(bin_, "pip"), "install", "--no-build-isolation", source], env=env, cwd=tmp)

        # Reused: nothing in the build tree was compiled or linked again.
        changed = [f for f in built if os.stat(f).st_mtime_ns != before[f]]
        assert not changed, f"the install rebuilt {changed}:\n{log.stdout}"
        assert set(os.listdir(source)) == clone, f"the install left {set(os.listdir(source)) - clone} in the clone"

        # The package, the program and the plugin, from a folder outside the clone.
        python = os.path.join(bin_, "python")
        script = r"""
import importlib.metadata, os, sys
import sweepcheck, sweepcheck.testing as st
from sweepcheck import _paths
venv = os.path.realpath(sys.argv[1])
for f in (sweepcheck.__file__, _paths.PROGRAM, _paths.PLUGIN):
    assert os.path.realpath(f).startswith(venv + os.sep) and os.path.exists(f), f
assert os.path.realpath(_paths.PROGRAM) == os.path.join(venv, "bin", "sweepcheck"), _paths.PROGRAM
plugins = [e.value for e in importlib.metadata.entry_points(group="pytest11") if e.name == "sweepcheck.pytest_plugin"]
assert plugins == ["sweepcheck.pytest_plugin"], plugins
print(st.check_convergence("pbd", "sliding").summary())
"""
        out = run([python, "-c", script, venv], env=env, cwd=tmp).stdout
        assert out.startswith("pass: pbd on sliding"), out
        for command in ([python, "-m", "sweepcheck", "--help"], [os.path.join(bin_, "sweepcheck"), "--help"]):
            help_ = run(command, env=env, cwd=tmp).stdout
            assert "audit" in help_ and "study" in help_, help_

        # Uninstalled: the venv file for file as before the install.
        run([os.path.join(bin_, "pip"), "uninstall", "-y", "sweepcheck"], env=env, cwd=tmp)
        left = files_under(venv) ^ fresh
        assert not left, f"pip uninstall left (or removed) {sorted(left)}"
    print(f"installed into a fresh venv without compiling ({len(built)} build outputs unchanged), "
          f"ran from outside the clone, uninstalled without a trace")


if __name__ == "__main__":
    main(*sys.argv[1:3])
