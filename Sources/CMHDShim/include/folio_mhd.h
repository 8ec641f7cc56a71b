#ifndef FOLIO_MHD_H
#define FOLIO_MHD_H
#include <stddef.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_connection_info are variadic, which Swift cannot call: one
// typed wrapper each.

// Serves on an already listening socket with one internal polling thread; `completed` is
// called when a request ends (its per-request state can be freed).
struct MHD_Daemon *folio_mhd_start(int listen_fd, MHD_AccessHandlerCallback handler, void *handler_cls,
                                   MHD_RequestCompletedCallback completed, void *completed_cls,
                                   size_t memory_limit, unsigned int timeout_s);

// The client's address as text (IPv4 or IPv6) into `buffer`; 0 on success.
int folio_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size);
#endif
