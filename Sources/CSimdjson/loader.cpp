#include "csimdjson.h"
int tk_json_placeholder(void) { return 0; }
