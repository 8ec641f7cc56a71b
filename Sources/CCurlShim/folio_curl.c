#include "folio_curl.h"
#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

CURLcode folio_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode folio_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode folio_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode folio_curl_set_read_function(CURL *handle,
                                      size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, function);
}
CURLcode folio_curl_set_write_function(CURL *handle,
                                       size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}
CURLcode folio_curl_set_header_function(CURL *handle,
                                        size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}
CURLcode folio_curl_set_xferinfo_function(CURL *handle,
                                          int (*function)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}
CURLcode folio_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
CURLcode folio_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static curl_socket_t folio_curl_socket(CURL *handle) {
    curl_socket_t fd = CURL_SOCKET_BAD;
    if (curl_easy_getinfo(handle, CURLINFO_ACTIVESOCKET, &fd) != CURLE_OK) return CURL_SOCKET_BAD;
    return fd;
}
long folio_curl_unacknowledged(CURL *handle) {
    curl_socket_t fd = folio_curl_socket(handle);
    int pending = 0;
    if (fd == CURL_SOCKET_BAD || ioctl(fd, SIOCOUTQ, &pending) != 0) return -1;
    return pending;
}
int folio_curl_reset_on_close(CURL *handle) {
    curl_socket_t fd = folio_curl_socket(handle);
    struct linger linger = {1, 0};
    if (fd == CURL_SOCKET_BAD) return -1;
    return setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, sizeof linger);
}
