# The audit's doors (studies/audit/README.md): compiled with a room's own
# include path, a header of the session or of a sibling room is not found,
# while the room's own header is (the control: the flags are the room's).
# Usage: cmake -DCXX=... -DFLAGS_DIR=<folder of <room>.rsp> -DWORK=<folder> -P check_doors.cmake
# room|its own header|headers it may not include, comma-separated
set(cases
  "problems|problems/audit_sampled.hpp|audit_result.hpp,checks/judgement.hpp,diagnosis/audit_trace.hpp"
  "checks|checks/judgement.hpp|audit_result.hpp,problems/audit_problems.hpp,diagnosis/audit_trace.hpp"
  "diagnosis|diagnosis/audit_trace.hpp|audit_result.hpp,checks/judgement.hpp,problems/audit_problems.hpp")
file(MAKE_DIRECTORY ${WORK})
function(compiles room header out_rc out_text)
  set(src ${WORK}/${room}_door.cpp)
  file(WRITE ${src} "#include \"studies/audit/${header}\"\n")
  execute_process(COMMAND ${CXX} @${FLAGS_DIR}/${room}.rsp -fsyntax-only ${src} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${out_rc} ${rc} PARENT_SCOPE)
  set(${out_text} "${out}${err}" PARENT_SCOPE)
endfunction()
foreach(case ${cases})
  string(REPLACE "|" ";" parts "${case}")
  string(REPLACE "," ";" parts "${parts}")
  list(GET parts 0 room)
  list(GET parts 1 own)
  list(SUBLIST parts 2 -1 forbidden)
  compiles(${room} ${own} rc text)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the ${room} room's own header ${own} does not compile with its flags:\n${text}")
  endif()
  foreach(h ${forbidden})
    compiles(${room} ${h} rc text)
    if(rc EQUAL 0)
      message(FATAL_ERROR "the ${room} room can include ${h}: its door is open")
    endif()
    if(NOT text MATCHES "studies/audit/${h}: No such file or directory")
      message(FATAL_ERROR "including ${h} from the ${room} room failed, but not for want of the file:\n${text}")
    endif()
  endforeach()
endforeach()
message(STATUS "every room compiles its own header and finds neither the session's nor a sibling room's")
