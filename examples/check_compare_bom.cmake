# `sweepcheck compare` on a CSV a spreadsheet exported with a UTF-8
# byte-order mark (issue 37): the mark is not part of the first column's
# name, so the copy of a gold file with a mark compares EQUAL to it (exit 0),
# where it used to say "no column 'problem'" with the mark inside the quotes.
# Usage: cmake -DPROGRAM=... -DGOLD=app/gold/sliding.csv -DOUT=dir -P check_compare_bom.cmake
file(MAKE_DIRECTORY "${OUT}")
file(READ "${GOLD}" text)
string(ASCII 239 187 191 bom)
file(WRITE "${OUT}/with_bom.csv" "${bom}${text}")
file(READ "${OUT}/with_bom.csv" head LIMIT 3 HEX)
if(NOT head STREQUAL "efbbbf")
  message(FATAL_ERROR "the test file does not start with a byte-order mark: ${head}")
endif()
execute_process(COMMAND "${PROGRAM}" compare "${GOLD}" "${OUT}/with_bom.csv" --tol wall_seconds=ignore
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "EQUAL")
  message(FATAL_ERROR "compare with a byte-order mark: expected exit 0 and EQUAL, got ${rc}:\n${out}${err}")
endif()
