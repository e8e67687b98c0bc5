// Committed so the target always has a source file; SwiftPM compiles the generated ../generated/*.c next to it.
// Including the umbrella header here also checks that it compiles as C.
#include "CWaylandServerProtocols.h"
