/* Day arithmetic under the bridge's names, over CCivilDays (its one C home; the text of a date
 * is CCivilDays' ccd_parse_iso and ccd_format_iso, called directly). */
#include "cpb_internal.h"
#include <CCivilDays.h>

/* The arithmetic itself lives in CCivilDays (its one C home); these keep the bridge's names. */
void cpb_civil(long long z, long long *y, int *m, int *d) { ccd_civil(z, y, m, d); }

long long cpb_day_number(long long y, int m, int d) { return ccd_day_number(y, m, d); }

int cpb_days_in_month(long long y, int m) { return ccd_days_in_month(y, m); }
