# Runs `sweepcheck study crowd --small` and checks that every promised file
# exists and that summary.md answers the issue's two questions.
file(REMOVE_RECURSE "${OUT}")
execute_process(
  COMMAND "${PROGRAM}" study crowd --small --jobs 2 --out "${OUT}" --quiet
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sweepcheck study crowd exited with ${rc}")
endif()
foreach(f results.csv summary.json summary.md error_vs_h.png error_vs_h.svg error_vs_work.png error_vs_work.svg
          crowd_t0.png crowd_t0.svg crowd_t2.png crowd_t2.svg)
  if(NOT EXISTS "${OUT}/${f}")
    message(FATAL_ERROR "missing ${OUT}/${f}")
  endif()
endforeach()
file(READ "${OUT}/summary.md" md)
foreach(needle "venel against its own run at h = 0.01" "venel against its own run at h = 0.002" "PBD vs venel")
  string(FIND "${md}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "summary.md does not say '${needle}'")
  endif()
endforeach()
file(READ "${OUT}/summary.json" json)
string(JSON n LENGTH "${json}" fits)
if(NOT n EQUAL 4)
  message(FATAL_ERROR "summary.json has ${n} fits, expected 4 (2 schemes x 2 references)")
endif()
