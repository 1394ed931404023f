#include "cjpegshim.h"
