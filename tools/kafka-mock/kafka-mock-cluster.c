/*
 * A librdkafka mock cluster in its own process, for integration tests (see
 * libs/testing/src/kafka-mock-cluster.ts, which compiles and drives it).
 *
 *   kafka-mock-cluster [broker-count]
 *
 * Prints the bootstrap servers on one line, then reads one command per line on stdin:
 *   down <broker-id>   up <broker-id>
 * (`down` also moves the leadership of the broker's partitions to the next broker that is up, as a real
 * cluster's controller would.)
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
#include <time.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#define MAX_BROKERS 16
#define LINE_MAX_LEN 256

static FILE *debug_log;

/* KAFKA_MOCK_DEBUG_LOG=<file>: the mock's own log (group rebalances, broker state), timestamped. */
static void log_to_file(const rd_kafka_t *rk, int level, const char *facility, const char *message) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  fprintf(debug_log, "%ld.%03ld %s %s\n", (long)now.tv_sec, now.tv_nsec / 1000000, facility, message);
  fflush(debug_log);
}

static void reply(const char *format, const char *detail) {
  printf(format, detail);
  putchar('\n');
  fflush(stdout);
}

static rd_kafka_mock_cluster_t *mcluster;
/* A client of the mock cluster, to read which partitions each broker leads. */
static rd_kafka_t *observer;
static int broker_up[MAX_BROKERS + 1];

/*
 * A real cluster moves the leadership of a stopped broker's partitions to an in-sync replica; the mock
 * elects nobody, so its partitions would take no writes until it returns. Each partition the downed broker
 * leads gets the next broker that is up as its leader.
 */
static rd_kafka_resp_err_t set_down(int broker_cnt, int downed) {
  int successor = 0;
  for (int step = 1; step < broker_cnt && !successor; step++) {
    int candidate = (downed - 1 + step) % broker_cnt + 1;
    if (broker_up[candidate]) successor = candidate;
  }
  const struct rd_kafka_metadata *metadata = NULL;
  /* Read the leaders while the broker still answers; with no broker left up there is nobody to elect. */
  if (successor) {
    /* The observer may ask a broker that an earlier command took down; it tries another after a failure. */
    rd_kafka_resp_err_t err = RD_KAFKA_RESP_ERR__TIMED_OUT;
    for (int attempt = 0; attempt < 5 && err != RD_KAFKA_RESP_ERR_NO_ERROR; attempt++)
      err = rd_kafka_metadata(observer, 1, NULL, &metadata, 1000);
    if (err != RD_KAFKA_RESP_ERR_NO_ERROR) return err;
  }
  rd_kafka_resp_err_t err = rd_kafka_mock_broker_set_down(mcluster, downed);
  if (err == RD_KAFKA_RESP_ERR_NO_ERROR) broker_up[downed] = 0;
  for (int t = 0; metadata && err == RD_KAFKA_RESP_ERR_NO_ERROR && t < metadata->topic_cnt; t++) {
    const rd_kafka_metadata_topic_t *topic = &metadata->topics[t];
    for (int p = 0; p < topic->partition_cnt; p++)
      if (topic->partitions[p].leader == downed)
        rd_kafka_mock_partition_set_leader(mcluster, topic->topic, topic->partitions[p].id, successor);
  }
  if (metadata) rd_kafka_metadata_destroy(metadata);
  return err;
}

static void run_command(int broker_cnt, char *line) {
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
    err = set_down(broker_cnt, broker_id);
  } else if (strcmp(verb, "up") == 0) {
    err = rd_kafka_mock_broker_set_up(mcluster, broker_id);
    if (err == RD_KAFKA_RESP_ERR_NO_ERROR) broker_up[broker_id] = 1;
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
  const char *debug_path = getenv("KAFKA_MOCK_DEBUG_LOG");
  if (debug_path && *debug_path && (debug_log = fopen(debug_path, "a")) != NULL) {
    rd_kafka_conf_set(conf, "log_level", "7", errstr, sizeof(errstr));
    rd_kafka_conf_set(conf, "debug", "mock", errstr, sizeof(errstr));
    rd_kafka_conf_set_log_cb(conf, log_to_file);
  }
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
  if (!rk) {
    fprintf(stderr, "rd_kafka_new: %s\n", errstr);
    return 1;
  }
  mcluster = rd_kafka_mock_cluster_new(rk, broker_cnt);
  if (!mcluster) {
    fprintf(stderr, "rd_kafka_mock_cluster_new failed\n");
    rd_kafka_destroy(rk);
    return 1;
  }
  for (int id = 1; id <= broker_cnt; id++) broker_up[id] = 1;
  rd_kafka_conf_t *observer_conf = rd_kafka_conf_new();
  if (rd_kafka_conf_set(observer_conf, "bootstrap.servers", rd_kafka_mock_cluster_bootstraps(mcluster), errstr,
                        sizeof(errstr)) != RD_KAFKA_CONF_OK ||
      rd_kafka_conf_set(observer_conf, "log_level", "0", errstr, sizeof(errstr)) != RD_KAFKA_CONF_OK ||
      !(observer = rd_kafka_new(RD_KAFKA_PRODUCER, observer_conf, errstr, sizeof(errstr)))) {
    fprintf(stderr, "observer: %s\n", errstr);
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
      if (*start != '\0') run_command(broker_cnt, start);
      start = newline + 1;
    }
    used -= (size_t)(start - buffer);
    memmove(buffer, start, used);
    if (used == sizeof(buffer) - 1) {
      reply("error %s", "command too long");
      used = 0;
    }
  }

  rd_kafka_destroy(observer);
  rd_kafka_mock_cluster_destroy(mcluster);
  rd_kafka_destroy(rk);
  close(signal_fd);
  return 0;
}
