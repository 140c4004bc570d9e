package notify

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// maxResponseBody bounds how much of a webhook's answer is kept.
const maxResponseBody = 1 << 20

// httpBody is DestinationHttpClient.buildRequestBody: {"text":...} for
// slack and microsoft_teams, {"Content":...} for chime, the plain text
// for a custom webhook.
func httpBody(configType string, m message) string {
	switch configType {
	case TypeChime:
		return string(jsonout.AppendString([]byte(`{"Content":`), m.withTitle())) + "}"
	case TypeWebhook:
		return m.text
	}
	return string(jsonout.AppendString([]byte(`{"text":`), m.withTitle())) + "}"
}

// validResponse are the statuses the plugin accepts from a webhook.
func validResponse(code int) bool {
	return code >= 200 && code <= 207
}

// sendHTTP is WebhookDestinationTransport.sendMessage.
func (s *Service) sendHTTP(ctx context.Context, cfg *configDoc, m message) deliveryStatus {
	url, method := "", "POST"
	var headers []header
	if cfg.Webhook != nil {
		url, method, headers = cfg.Webhook.URL, cfg.Webhook.Method, cfg.Webhook.Headers
	} else if cfg.URL != nil {
		url = cfg.URL.URL
	}
	if len(s.hostDenyList) > 0 {
		if st, denied := s.checkHostDenied(ctx, url); denied {
			return st
		}
	}
	body := httpBody(cfg.Type, m)
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		return deliveryStatus{"400", "Webhook message creation failed with status:" + err.Error()}
	}
	req.Header.Set("Content-Type", "text/plain; charset=UTF-8")
	if cfg.Webhook != nil {
		if len(headers) == 0 {
			req.Header.Set("Content-Type", "application/json")
		}
		for _, h := range headers {
			switch strings.ToLower(h.Name) {
			case "content-length":
				return deliveryStatus{"500", "Failed to send webhook message Content-Length header already present"}
			case "transfer-encoding":
				return deliveryStatus{"500", "Failed to send webhook message Transfer-encoding header already present"}
			case "host":
				req.Host = h.Value
			default:
				// Apache's setHeader replaces any same-named header and keeps
				// the name's case as written.
				for k := range req.Header {
					if strings.EqualFold(k, h.Name) {
						delete(req.Header, k)
					}
				}
				req.Header[h.Name] = []string{h.Value}
			}
		}
	}
	resp, err := s.httpClient.Do(req)
	if err != nil {
		return deliveryStatus{"500", "Failed to send webhook message " + javaIOMessage(req.URL, err)}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBody))
	if err != nil {
		return deliveryStatus{"500", "Failed to send webhook message " + err.Error()}
	}
	text := string(bytes.ToValidUTF8(raw, []byte("\ufffd")))
	if !validResponse(resp.StatusCode) {
		return deliveryStatus{"500", "Failed to send webhook message Failed: " + text}
	}
	if text == "" {
		text = "{}"
	}
	return deliveryStatus{strconv.Itoa(200), text}
}

// javaIOMessage words common connection failures as Apache HttpClient on
// JDK 21 does; other errors keep Go's text.
func javaIOMessage(u *url.URL, err error) string {
	host := u.Hostname()
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	var dnsErr *net.DNSError
	var opErr *net.OpError
	switch {
	case errors.As(err, &dnsErr):
		// The plugin resolves the host before sending (validateUrlHost).
		return "Host could not be resolved to a valid Ip address"
	case errors.Is(err, syscall.ECONNREFUSED):
		addr := host + "/"
		if errors.As(err, &opErr) && opErr.Addr != nil {
			if ta, ok := opErr.Addr.(*net.TCPAddr); ok {
				if ta.IP.String() == host {
					addr = "/"
				}
				addr += ta.IP.String()
			}
		}
		return "Connect to " + net.JoinHostPort(host, port) + " [" + addr + "] failed: Connection refused"
	case errors.Is(err, context.DeadlineExceeded), os.IsTimeout(err):
		return "Read timed out"
	}
	return err.Error()
}

// checkHostDenied is validateUrlHost with a non-empty host_deny_list: the
// host must resolve, and neither its name nor any of its addresses may be
// listed (entries are host names, IP addresses or CIDR networks).
func (s *Service) checkHostDenied(ctx context.Context, rawURL string) (deliveryStatus, bool) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return deliveryStatus{}, false
	}
	host := u.Hostname()
	addrs, err := net.DefaultResolver.LookupIPAddr(ctx, host)
	if err != nil || len(addrs) == 0 {
		return deliveryStatus{"500", "Failed to send webhook message Host could not be resolved to a valid Ip address"}, true
	}
	for _, entry := range s.hostDenyList {
		denied := strings.EqualFold(entry, host)
		for _, a := range addrs {
			if _, network, err := net.ParseCIDR(entry); err == nil && network.Contains(a.IP) {
				denied = true
			} else if ip := net.ParseIP(entry); ip != nil && ip.Equal(a.IP) {
				denied = true
			}
		}
		if denied {
			return deliveryStatus{"400", "Webhook message creation failed with status:" +
				"Host of url is denied, based on plugin setting [notification.core.http.host_deny_list]"}, true
		}
	}
	return deliveryStatus{}, false
}
