#include <stdio.h>
#include <spng.h>
