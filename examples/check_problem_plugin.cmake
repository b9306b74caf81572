# The example problem plugin (no exact solution) through the program as a
# user runs it: the study is reference-free and PBD's order 1 comes out of
# the ladder (richardson.csv: verdict pass); the audit with the problem added
# passes for PBD, its convergence judged reference-free.
# Usage: cmake -DPROGRAM=... -DPLUGIN=libmy_problem.so -DOUT=dir -P check_problem_plugin.cmake
file(REMOVE_RECURSE "${OUT}")
function(run expect)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expect)
    message(FATAL_ERROR "expected exit ${expect}, got ${rc}: ${ARGN}\n${out}\n${err}")
  endif()
endfunction()
run(0 "${PROGRAM}" study --problem-plugin "${PLUGIN}" --schemes pbd,pngs --h-max 0.05 --points 6 --jobs 2 --quiet
    --out "${OUT}/study")
foreach(f results.csv summary.json summary.md richardson.csv)
  if(NOT EXISTS "${OUT}/study/${f}")
    message(FATAL_ERROR "study --problem-plugin wrote no ${f}")
  endif()
endforeach()
file(READ "${OUT}/study/summary.md" md)
if(NOT md MATCHES "[Rr]eference-free")
  message(FATAL_ERROR "summary.md does not say the study is reference-free")
endif()
file(STRINGS "${OUT}/study/richardson.csv" rows REGEX "^\"pbd\",")
list(GET rows 0 first)
if(NOT first MATCHES ",true,1,pass,")
  message(FATAL_ERROR "PBD's reference-free estimate is not 'asymptotic, claimed 1, pass': ${first}")
endif()
run(0 "${PROGRAM}" audit --scheme pbd --problem-plugin "${PLUGIN}" --max-problems 1 --jobs 2 --quiet --out "${OUT}/audit")
file(READ "${OUT}/audit/audit.json" json)
if(NOT json MATCHES "rotating-force-disk" OR NOT json MATCHES "reference-free")
  message(FATAL_ERROR "audit.json does not judge the plugin's problem reference-free")
endif()
