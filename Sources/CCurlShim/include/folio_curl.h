#ifndef FOLIO_CURL_H
#define FOLIO_CURL_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// one typed wrapper per argument kind.
CURLcode folio_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode folio_curl_set_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode folio_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode folio_curl_set_read_function(CURL *handle,
                                      size_t (*function)(char *, size_t, size_t, void *));
CURLcode folio_curl_set_write_function(CURL *handle,
                                       size_t (*function)(char *, size_t, size_t, void *));
CURLcode folio_curl_set_header_function(CURL *handle,
                                        size_t (*function)(char *, size_t, size_t, void *));
CURLcode folio_curl_set_xferinfo_function(CURL *handle,
                                          int (*function)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t));
CURLcode folio_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode folio_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value);

// Bytes of the transfer's connection not yet acknowledged by the peer (SIOCOUTQ), or -1 when
// there is no connection to ask: a body handed to libcurl is not yet the server's.
long folio_curl_unacknowledged(CURL *handle);
// Makes closing the transfer's connection a reset (SO_LINGER 0): bytes still buffered on this
// side are dropped instead of reaching the server after the transfer was given up.
int folio_curl_reset_on_close(CURL *handle);
#endif
