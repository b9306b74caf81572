"""`pip install .`: the wheel of the Python package sweepcheck, built by CMake (issue 59).

    python3 -m venv --system-site-packages v && v/bin/pip install --no-build-isolation .

The wheel holds what `cmake --install` puts under a prefix, in the same layout, so the
program, the plugin and the package find each other as they do there (python/CMakeLists.txt):

    <prefix>/lib/python3.X/site-packages/sweepcheck/   the package, its extension _sweepcheck, _paths.py
    <prefix>/bin/sweepcheck                            the program sweepcheck.audit() runs
    <prefix>/lib/sweepcheck/libsweepcheck_python_scheme.so   the plugin that embeds the interpreter

(<prefix>: the virtual environment; ~/.local with --user.)  `pip uninstall sweepcheck` removes them all.

The build folder is $SWEEPCHECK_BUILD_DIR, else build/ beside this file.  When it already holds a
configured build (README command 2, ci/build.sh, ci/test.sh ran), it is reused: `cmake --build` of the
three targets does only what is out of date (nothing, right after ci/test.sh).  Otherwise build/ is
configured as ci/build.sh configures it (Release; Ninja and ccache when there) and only those three
targets are built.  setuptools' own scratch files go to a temporary folder, never into the clone.
"""
import atexit
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = Path(__file__).resolve().parent
TARGETS = ["_sweepcheck", "sweepcheck", "sweepcheck_python_scheme"]
PLUGIN = "libsweepcheck_python_scheme.so"
SCRATCH = Path(tempfile.mkdtemp(prefix="sweepcheck-wheel-"))
atexit.register(shutil.rmtree, SCRATCH, True)
STAGE = SCRATCH / "stage"  # the wheel's data files: bin/sweepcheck, lib/sweepcheck/<plugin>


def build_dir():
    given = os.environ.get("SWEEPCHECK_BUILD_DIR")
    return Path(given).resolve() if given else SOURCE / "build"


def cache_entries(cache):
    """CMakeCache.txt as {name: value}."""
    entries = {}
    for line in cache.read_text(encoding="utf-8", errors="replace").splitlines():
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_.+-]*):[A-Z_]+=(.*)$", line)
        if m:
            entries[m.group(1)] = m.group(2)
    return entries


def run(args, **kwargs):
    print("sweepcheck setup.py:", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, stdin=subprocess.DEVNULL, **kwargs)


class CMakeBuild(build_ext):
    """Builds (or reuses) the CMake build and lays its install out as the wheel's files."""

    def run(self):
        build = build_dir()
        cache = build / "CMakeCache.txt"
        env = dict(os.environ, CCACHE_BASEDIR=str(SOURCE), CCACHE_SLOPPINESS="pch_defines,time_macros")
        if cache.exists():
            home = cache_entries(cache).get("CMAKE_HOME_DIRECTORY", "")
            if Path(home).resolve() != SOURCE:
                sys.exit(f"sweepcheck: {build} is the build of {home}, not of {SOURCE}: remove it, or set "
                         f"SWEEPCHECK_BUILD_DIR to another folder")
            print(f"sweepcheck: reusing the build in {build} (only what is out of date is compiled)", flush=True)
        else:
            configure = ["cmake", "-S", SOURCE, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                         f"-DPYTHON_EXECUTABLE={getattr(sys, '_base_executable', sys.executable)}"]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            if shutil.which("ccache"):
                configure += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
            run(configure, env=env)
        entries = cache_entries(cache)
        if entries.get("SWEEPCHECK_PYTHON", "ON").upper() in ("OFF", "0", "FALSE", "NO"):
            sys.exit(f"sweepcheck: {build} was configured with SWEEPCHECK_PYTHON=OFF: no Python package to install")
        if entries.get("CMAKE_INSTALL_LIBDIR", "lib") != "lib":
            sys.exit(f"sweepcheck: {build} has CMAKE_INSTALL_LIBDIR={entries['CMAKE_INSTALL_LIBDIR']}; the wheel's "
                     f"program looks for its plugin in <prefix>/lib/sweepcheck: configure it with the default, lib")
        run(["cmake", "--build", build, "--target", *TARGETS, "-j", str(os.cpu_count() or 2)], env=env)

        # The extension must be for this interpreter (the build's is SWEEPCHECK_PYTHON_EXECUTABLE).
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = sorted(p.name for p in (build / "python" / "sweepcheck").glob("_sweepcheck*.so"))
        if "_sweepcheck" + suffix not in built:
            sys.exit(f"sweepcheck: the build in {build} made {built} for "
                     f"{entries.get('SWEEPCHECK_PYTHON_EXECUTABLE', '?')}; this pip runs {sys.executable}, "
                     f"which needs _sweepcheck{suffix}: create the virtual environment from that Python, or "
                     f"set SWEEPCHECK_BUILD_DIR to a new folder")

        # What `cmake --install` puts under a prefix (the program's RPATH as installed), then the wheel's files.
        prefix = SCRATCH / "prefix"
        shutil.rmtree(prefix, ignore_errors=True)
        for component in ("python", "Unspecified"):  # the package and plugin; the program (with headers, unused)
            run(["cmake", "--install", build, "--prefix", prefix, "--component", component],
                stdout=subprocess.DEVNULL)
        site = prefix / entries.get("SWEEPCHECK_PYTHON_INSTALL_DIR", "") / "sweepcheck"
        package = Path(self.build_lib) / "sweepcheck"
        shutil.rmtree(package, ignore_errors=True)
        shutil.copytree(site, package)
        shutil.rmtree(STAGE, ignore_errors=True)
        (STAGE / "bin").mkdir(parents=True)
        (STAGE / "lib" / "sweepcheck").mkdir(parents=True)
        shutil.copy2(prefix / "bin" / "sweepcheck", STAGE / "bin" / "sweepcheck")
        shutil.copy2(prefix / "lib" / "sweepcheck" / PLUGIN, STAGE / "lib" / "sweepcheck" / PLUGIN)


setup(
    packages=[],  # the package comes from the CMake install (CMakeBuild), not from setuptools' discovery
    py_modules=[],
    ext_modules=[Extension("sweepcheck._sweepcheck", sources=[])],  # a platform wheel; CMake compiles it
    cmdclass={"build_ext": CMakeBuild},
    data_files=[("bin", [str(STAGE / "bin" / "sweepcheck")]),
                ("lib/sweepcheck", [str(STAGE / "lib" / "sweepcheck" / PLUGIN)])],
    options={"build": {"build_base": str(SCRATCH / "build")}, "egg_info": {"egg_base": str(SCRATCH)}},
    zip_safe=False,
)
