// CPU affinity for the benchmark's child processes.
#pragma once

/// Pins every thread of this process to the first CPU it may run on (threads started later inherit
/// the mask of the thread that starts them), so that a method's threads share one core. 0, or -1
/// when it could not (not Linux, or sched_setaffinity failed).
int cbf_pin_process_to_one_cpu(void);
