// Limits of the split decoder's two halves, on top of the front end's.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#pragma once

#include "../front_end/common.h"

enum {
    /// MCU starts the second thread records for the first thread to meet.
    CHECKPOINTS = 1024,
    /// The second thread publishes its progress every this many MCUs.
    PUBLISH_EVERY = 64,
};

/// Internal to CJPEGShim: not exported from the library.
#define CJSP_HIDDEN CJS_HIDDEN
