#include "CStrataRuntime.h"

_Thread_local int strata_transaction_lock_lent = 0;
