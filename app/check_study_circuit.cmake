# Runs `sweepcheck study circuit` as issue 6 states it (smaller ladder and
# reference to stay fast) and checks that every promised file exists and that
# the summary has fits for both schemes on both problems.
file(REMOVE_RECURSE "${OUT}")
execute_process(
  COMMAND "${PROGRAM}" study circuit --h-max 1e-2 --h-min 3e-4 --points 6 --reference-steps 65536 --out "${OUT}" --quiet
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sweepcheck study circuit exited with ${rc}")
endif()
foreach(f results.csv summary.json summary.md error_vs_h.png error_vs_h.svg
          figure_2_x1.png figure_2_x1.svg figure_2_x2_x3.png figure_2_x2_x3.svg
          figure_3_x1.png figure_3_x1.svg figure_3_x2_x3.png figure_3_x2_x3.svg
          inner_iterations_vs_h.png inner_iterations_vs_h.svg violation_vs_h.png violation_vs_h.svg
          trajectories.csv violations.csv siconos.csv)
  if(NOT EXISTS "${OUT}/${f}")
    message(FATAL_ERROR "missing ${OUT}/${f}")
  endif()
endforeach()
file(READ "${OUT}/summary.json" json)
string(JSON n LENGTH "${json}" fits)
if(n LESS 4)
  message(FATAL_ERROR "summary.json has ${n} fits, expected 4 (2 schemes x 2 problems)")
endif()
foreach(key problem scheme order ci_low ci_high verdict)
  string(JSON value ERROR_VARIABLE err GET "${json}" fits 0 ${key})
  if(err)
    message(FATAL_ERROR "summary.json: fits[0] lacks '${key}': ${err}")
  endif()
endforeach()
file(READ "${OUT}/siconos.csv" sic)
if(HAVE_SICONOS AND NOT sic MATCHES "circuit-sign,1000,left-rectangle")
  message(FATAL_ERROR "siconos.csv lacks the comparison rows:\n${sic}")
endif()
