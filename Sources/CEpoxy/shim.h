#include "gl_shim.h"
