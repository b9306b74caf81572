# ctest python.the_installed_package_imports_and_checks_outside_the_build_tree:
# installs the component `python` into PREFIX, then imports the package from
# there (not from the build tree) and runs one check.
#   cmake -DBUILD=... -DPREFIX=... -DSITE=lib/python3.11/site-packages -DPYTHON=... -P check_install.cmake
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --component python --prefix ${PREFIX}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install --component python failed (${rc})")
endif()
set(script [=[
import os, sys
import sweepcheck, sweepcheck.testing as st
from sweepcheck import _paths
prefix = os.path.realpath(sys.argv[1])
assert os.path.realpath(sweepcheck.__file__).startswith(prefix + os.sep), sweepcheck.__file__
assert os.path.exists(_paths.PLUGIN), _paths.PLUGIN
assert _paths.PROGRAM == os.path.join(prefix, "bin", "sweepcheck"), _paths.PROGRAM
print(st.check_convergence("pbd", "sliding").summary())
]=])
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONPATH=${PREFIX}/${SITE} PYTHONDONTWRITEBYTECODE=1
                        ${PYTHON} -c "${script}" ${PREFIX}
                WORKING_DIRECTORY ${PREFIX} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^pass: pbd on sliding")
  message(FATAL_ERROR "the installed package failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "${out}")
