#ifndef TABLEKIT_CSIMDJSON_H
#define TABLEKIT_CSIMDJSON_H
/* Placeholder until the loader lands. */
int tk_json_placeholder(void);
#endif
