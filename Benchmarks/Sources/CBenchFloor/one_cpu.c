// Confines a benchmark child process to one CPU (see cbenchaffinity.h).
#define _GNU_SOURCE
#include "cbenchaffinity.h"

#ifdef __linux__
#include <dirent.h>
#include <sched.h>
#include <stdlib.h>

int cbf_pin_process_to_one_cpu(void) {
    cpu_set_t allowed, one;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    CPU_ZERO(&one);
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (CPU_ISSET(cpu, &allowed)) {
            CPU_SET(cpu, &one);
            break;
        }
    }
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) return -1;
    int rc = 0;
    for (struct dirent *entry; (entry = readdir(tasks)) != NULL;) {
        if (entry->d_name[0] != '.' && sched_setaffinity((pid_t)atoi(entry->d_name), sizeof one, &one) != 0) rc = -1;
    }
    closedir(tasks);
    return rc;
}
#else
int cbf_pin_process_to_one_cpu(void) { return -1; }
#endif
