/*
 * rusage_run.c - run a command and append the CPU time it used (its own
 * and its reaped children's: wait4's rusage, in microseconds) to a file,
 * one line "USER SYSTEM" in seconds, then exit with its status.  For
 * bench/burst.sh, which puts it in front of `judge receive` in the MTA's
 * pipe: the shell's `times` counts in clock ticks (10 ms), coarser than
 * what one receive costs.
 *
 *   rusage_run FILE COMMAND [ARG...]
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct rusage ru;
	int status, fd;
	pid_t pid;
	char line[64];

	if (argc < 3) {
		fprintf(stderr, "usage: rusage_run FILE COMMAND [ARG...]\n");
		return 2;
	}
	if ((pid = fork()) < 0)
		return perror("fork"), 75;
	if (pid == 0) {
		execv(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) != pid)
		return perror("wait4"), 75;
	/* one write with O_APPEND: twenty pipes at once never interleave */
	int n = snprintf(line, sizeof line, "%ld.%06ld %ld.%06ld\n", (long)ru.ru_utime.tv_sec,
	                 (long)ru.ru_utime.tv_usec, (long)ru.ru_stime.tv_sec, (long)ru.ru_stime.tv_usec);
	if ((fd = open(argv[1], O_WRONLY | O_APPEND | O_CREAT, 0644)) >= 0) {
		if (write(fd, line, (size_t)n) != n)
			perror(argv[1]);
		close(fd);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 75;
}
