/*
 * A librdkafka mock cluster in its own process, for integration tests (see
 * libs/testing/src/kafka-mock-cluster.ts, which compiles and drives it).
 *
 *   kafka-mock-cluster [broker-count]
 *
 * Prints the bootstrap servers on one line, then reads one command per line on stdin:
 *   down <broker-id>   up <broker-id>
 * and answers each with one line, `ok <command>` or `error <reason>`, so the caller can await it.
 * Exits cleanly on stdin EOF (the test process went away) or SIGTERM/SIGINT.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#define MAX_BROKERS 16
#define LINE_MAX_LEN 256

static void reply(const char *format, const char *detail) {
  printf(format, detail);
  putchar('\n');
  fflush(stdout);
}

static void run_command(rd_kafka_mock_cluster_t *mcluster, int broker_cnt, char *line) {
  char verb[16];
  int broker_id;
  char extra;
  /* `%c` catches trailing garbage, so "down 1x" is refused rather than half-understood. */
  if (sscanf(line, "%15s %d %c", verb, &broker_id, &extra) != 2) {
    reply("error cannot parse \"%s\"", line);
    return;
  }
  if (broker_id < 1 || broker_id > broker_cnt) {
    reply("error no broker in \"%s\"", line);
    return;
  }
  rd_kafka_resp_err_t err;
  if (strcmp(verb, "down") == 0) {
    err = rd_kafka_mock_broker_set_down(mcluster, broker_id);
  } else if (strcmp(verb, "up") == 0) {
    err = rd_kafka_mock_broker_set_up(mcluster, broker_id);
  } else {
    reply("error unknown command \"%s\"", line);
    return;
  }
  if (err != RD_KAFKA_RESP_ERR_NO_ERROR) {
    reply("error %s", rd_kafka_err2str(err));
    return;
  }
  reply("ok %s", line);
}

int main(int argc, char **argv) {
  int broker_cnt = argc > 1 ? atoi(argv[1]) : 3;
  if (broker_cnt < 1 || broker_cnt > MAX_BROKERS) {
    fprintf(stderr, "broker count must be between 1 and %d\n", MAX_BROKERS);
    return 2;
  }

  /*
   * Signals are blocked before librdkafka starts its threads (they inherit the mask), so SIGTERM can
   * only surface through the signalfd polled below, never interrupt a librdkafka thread.
   */
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGHUP);
  sigprocmask(SIG_BLOCK, &signals, NULL);
  int signal_fd = signalfd(-1, &signals, SFD_CLOEXEC);
  if (signal_fd < 0) {
    perror("signalfd");
    return 1;
  }
  /* A caller killed without closing our stdin still takes us down with it. */
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() == 1) return 0;
  signal(SIGPIPE, SIG_IGN);

  char errstr[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  /* The handle only hosts the mock cluster; its own logging would be noise on stderr. */
  if (rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof(errstr)) != RD_KAFKA_CONF_OK) {
    fprintf(stderr, "%s\n", errstr);
    return 1;
  }
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
  if (!rk) {
    fprintf(stderr, "rd_kafka_new: %s\n", errstr);
    return 1;
  }
  rd_kafka_mock_cluster_t *mcluster = rd_kafka_mock_cluster_new(rk, broker_cnt);
  if (!mcluster) {
    fprintf(stderr, "rd_kafka_mock_cluster_new failed\n");
    rd_kafka_destroy(rk);
    return 1;
  }
  reply("%s", rd_kafka_mock_cluster_bootstraps(mcluster));

  char buffer[LINE_MAX_LEN];
  size_t used = 0;
  int running = 1;
  while (running) {
    struct pollfd fds[2] = {{.fd = STDIN_FILENO, .events = POLLIN}, {.fd = signal_fd, .events = POLLIN}};
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      perror("poll");
      break;
    }
    if (fds[1].revents & POLLIN) break;
    if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    ssize_t n = read(STDIN_FILENO, buffer + used, sizeof(buffer) - 1 - used);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    used += (size_t)n;
    char *start = buffer;
    char *newline;
    while ((newline = memchr(start, '\n', used - (size_t)(start - buffer))) != NULL) {
      *newline = '\0';
      if (newline > start && newline[-1] == '\r') newline[-1] = '\0';
      if (*start != '\0') run_command(mcluster, broker_cnt, start);
      start = newline + 1;
    }
    used -= (size_t)(start - buffer);
    memmove(buffer, start, used);
    if (used == sizeof(buffer) - 1) {
      reply("error %s", "command too long");
      used = 0;
    }
  }

  rd_kafka_mock_cluster_destroy(mcluster);
  rd_kafka_destroy(rk);
  close(signal_fd);
  return 0;
}
