# Runs a small `sweepcheck study pbd-paper` twice with a fresh cache folder and
# checks that every promised file exists, that summary.md states every claim
# with a verdict, and that the second run reuses the cached disks reference.
file(REMOVE_RECURSE "${OUT}" "${CACHE}")
set(ENV{SWEEPCHECK_CACHE} "${CACHE}")
set(args study pbd-paper --N 20 --T 0.5 --reference-steps 20000 --samples 20 --disks-h-max 0.05 --disks-h-min 2e-3
    --disks-points 4 --sliding-h-min 1e-2 --jobs 2 --quiet)
foreach(run 1 2)
  execute_process(COMMAND "${PROGRAM}" ${args} --out "${OUT}/run${run}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sweepcheck study pbd-paper (run ${run}) exited with ${rc}")
  endif()
endforeach()
set(dir "${OUT}/run2")
foreach(f summary.md
    sliding/results.csv sliding/summary.json sliding/summary.md sliding/error_vs_h.png sliding/error_vs_h.svg
    sliding/error_vs_work.png sliding/error_vs_work.svg
    disks/results.csv disks/summary.json disks/summary.md disks/error_vs_h.png disks/error_vs_h.svg
    disks/error_vs_work.png disks/error_vs_work.svg disks/configurations.png disks/configurations.svg)
  if(NOT EXISTS "${dir}/${f}")
    message(FATAL_ERROR "missing ${dir}/${f}")
  endif()
endforeach()
file(READ "${dir}/summary.md" md)
foreach(claim "observed order about 1" "sliding: PBD's error stays bounded" "disks: PBD's error stays bounded"
    "PNGS/PGS are more accurate" "smallest error per constraint evaluation" "penalty convergence stalls")
  string(FIND "${md}" "${claim}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "summary.md does not state the claim '${claim}'")
  endif()
endforeach()
string(REGEX MATCHALL "\\*\\*(supported|not supported|inconclusive)\\*\\*" verdicts "${md}")
list(LENGTH verdicts n)
if(NOT n EQUAL 9)
  message(FATAL_ERROR "summary.md has ${n} verdicts, expected 9 (5 sliding + 4 disks)")
endif()
file(READ "${OUT}/run1/disks/summary.md" first)
file(READ "${dir}/disks/summary.md" second)
string(FIND "${first}" "computed and cached" computed)
string(FIND "${second}" "loaded from the cache" loaded)
if(computed EQUAL -1 OR loaded EQUAL -1)
  message(FATAL_ERROR "the second run did not reuse the cached disks reference")
endif()
