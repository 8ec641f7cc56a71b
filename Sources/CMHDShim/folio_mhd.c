#include "folio_mhd.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

// The library's own decoding, then any NUL it produced made visible: the console refuses
// control characters, where a NUL would silently cut the path or value short.
static size_t unescape(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls; (void)connection;
    size_t length = MHD_http_unescape(text);
    for (size_t i = 0; i < length; i++) if (text[i] == '\0') text[i] = 0x01;
    return length;
}

// The library logs every refused connection; under a flood that is thousands of lines. One
// line a second is enough to say what is happening.
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static time_t log_last = 0;
static void log_rate_limited(void *cls, const char *format, va_list arguments) {
    (void)cls;
    pthread_mutex_lock(&log_lock);
    time_t now = time(NULL);
    if (now != log_last) {
        log_last = now;
        fputs("folio serve: libmicrohttpd: ", stderr);
        vfprintf(stderr, format, arguments);
    }
    pthread_mutex_unlock(&log_lock);
}

struct MHD_Daemon *folio_mhd_start(int listen_fd, MHD_AccessHandlerCallback handler, void *handler_cls,
                                   MHD_RequestCompletedCallback completed, void *completed_cls,
                                   MHD_NotifyConnectionCallback notify, void *notify_cls,
                                   struct folio_mhd_limits limits) {
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME, 0,
                            NULL, NULL, handler, handler_cls,
                            // First, or the library warns at every start that some of its
                            // messages may bypass it.
                            MHD_OPTION_EXTERNAL_LOGGER, log_rate_limited, NULL,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                            MHD_OPTION_THREAD_POOL_SIZE, limits.threads,
                            MHD_OPTION_CONNECTION_LIMIT, limits.connections,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_address,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.memory_per_connection,
                            MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_timeout_s,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
                            MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
                            MHD_OPTION_END);
}

int folio_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || size == 0) return -1;
    const struct sockaddr *address = info->client_addr;
    const void *bytes = NULL;
    if (address->sa_family == AF_INET) bytes = &((const struct sockaddr_in *)address)->sin_addr;
    else if (address->sa_family == AF_INET6) bytes = &((const struct sockaddr_in6 *)address)->sin6_addr;
    else return -1;
    return inet_ntop(address->sa_family, bytes, buffer, (socklen_t)size) ? 0 : -1;
}

int folio_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}
