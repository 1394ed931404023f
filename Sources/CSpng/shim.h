#include <stdio.h>
#include <stdlib.h>
#include <spng.h>
