#ifndef FOLIO_MHD_H
#define FOLIO_MHD_H
#include <stddef.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_connection_info are variadic, which Swift cannot call: one
// typed wrapper each.

struct folio_mhd_limits {
    unsigned int threads;            // MHD_OPTION_THREAD_POOL_SIZE
    unsigned int connections;        // MHD_OPTION_CONNECTION_LIMIT
    unsigned int per_address;        // MHD_OPTION_PER_IP_CONNECTION_LIMIT (0: none)
    size_t memory_per_connection;    // MHD_OPTION_CONNECTION_MEMORY_LIMIT (request line and headers)
    unsigned int idle_timeout_s;     // MHD_OPTION_CONNECTION_TIMEOUT
};

// Serves on an already listening socket with a pool of polling threads (epoll), connections
// that may be suspended while a worker answers; `completed` is called when a request ends,
// `notify` when a connection starts and closes. Paths and query values are percent-decoded
// by the library, except that a decoded NUL byte becomes 0x01 (a C string would end there).
struct MHD_Daemon *folio_mhd_start(int listen_fd, MHD_AccessHandlerCallback handler, void *handler_cls,
                                   MHD_RequestCompletedCallback completed, void *completed_cls,
                                   MHD_NotifyConnectionCallback notify, void *notify_cls,
                                   struct folio_mhd_limits limits);

// The client's address as text (IPv4 or IPv6) into `buffer`; 0 on success.
int folio_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size);

// The connection's socket, or -1.
int folio_mhd_connection_fd(struct MHD_Connection *connection);
#endif
