package notify

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/smtp"
	"net/textproto"
	"strconv"
	"strings"
)

// mimeMessage builds the message EmailMimeProvider.prepareMimeMessage
// makes: multipart/mixed holding a multipart/alternative of the text and
// HTML parts.
func (s *Service) mimeMessage(from, to string, m message) []byte {
	var buf bytes.Buffer
	now := s.now()
	hdr := func(k, v string) { buf.WriteString(k + ": " + v + "\r\n") }
	hdr("Date", now.Format("Mon, 2 Jan 2006 15:04:05 -0700 (MST)"))
	hdr("From", from)
	hdr("To", to)
	hdr("Message-ID", "<"+s.ids.next()+"@clustersearch-fake>")
	hdr("Subject", mime.QEncoding.Encode("UTF-8", m.title))
	hdr("MIME-Version", "1.0")

	var alt bytes.Buffer
	altW := multipart.NewWriter(&alt)
	writeTextPart(altW, "text/plain; charset=UTF-8", m.text)
	if m.html != "" {
		writeTextPart(altW, "text/html; charset=UTF-8", m.html)
	}
	altW.Close()

	var mixed bytes.Buffer
	mixedW := multipart.NewWriter(&mixed)
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", `multipart/alternative; boundary="`+altW.Boundary()+`"`)
	part, _ := mixedW.CreatePart(h)
	part.Write(alt.Bytes())
	mixedW.Close()

	hdr("Content-Type", `multipart/mixed; boundary="`+mixedW.Boundary()+`"`)
	buf.WriteString("\r\n")
	buf.Write(mixed.Bytes())
	return buf.Bytes()
}

// writeTextPart writes one text part: 7bit when every line is short ASCII,
// quoted-printable otherwise, as JavaMail chooses.
func writeTextPart(w *multipart.Writer, contentType, text string) {
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", contentType)
	enc := "7bit"
	for _, line := range strings.Split(text, "\n") {
		if len(line) > 998 {
			enc = "quoted-printable"
		}
	}
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 || text[i] == 0 {
			enc = "quoted-printable"
		}
	}
	h.Set("Content-Transfer-Encoding", enc)
	part, _ := w.CreatePart(h)
	if enc == "7bit" {
		part.Write([]byte(strings.ReplaceAll(text, "\n", "\r\n")))
		return
	}
	qp := quotedprintable.NewWriter(part)
	qp.Write([]byte(text))
	qp.Close()
}

// SMTPCredential is the user name and password the plugin reads from the
// keystore (opensearch.notifications.core.email.<account name>.*).
type SMTPCredential struct {
	Username, Password string
}

// smtpFailure carries the status DestinationSmtpClient maps a JavaMail
// exception to.
type smtpFailure struct {
	code int
	msg  string
}

func (f *smtpFailure) Error() string { return f.msg }

// sendSMTP is DestinationSmtpClient.execute for one recipient.
func (s *Service) sendSMTP(ctx context.Context, accountName string, acct *smtpBlock, to string, m message) deliveryStatus {
	err := s.smtpDeliver(ctx, accountName, acct, to, s.mimeMessage(acct.FromAddress, to, m))
	if err == nil {
		return deliveryStatus{"200", "Success"}
	}
	var f *smtpFailure
	if !errors.As(err, &f) {
		f = &smtpFailure{424, err.Error()}
	}
	return deliveryStatus{strconv.Itoa(f.code), "sendEmail Error, status:" + f.msg}
}

func (s *Service) smtpDeliver(ctx context.Context, accountName string, acct *smtpBlock, to string, msg []byte) error {
	addr := net.JoinHostPort(acct.Host, strconv.Itoa(acct.Port))
	connectErr := &smtpFailure{503, fmt.Sprintf("Couldn't connect to host, port: %s, %d; timeout -1", acct.Host, acct.Port)}
	ctx, cancel := context.WithTimeout(ctx, s.smtpTimeout)
	defer cancel()
	d := net.Dialer{}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return connectErr
	}
	defer conn.Close()
	deadline, _ := ctx.Deadline()
	conn.SetDeadline(deadline)
	tlsConf := s.tlsConfig(acct.Host)
	if acct.Method == "ssl" {
		tc := tls.Client(conn, tlsConf)
		if err := tc.HandshakeContext(ctx); err != nil {
			return &smtpFailure{424, fmt.Sprintf("Could not connect to SMTP host: %s, port: %d", acct.Host, acct.Port)}
		}
		conn = tc
	}
	c, err := smtp.NewClient(conn, acct.Host)
	if err != nil {
		return &smtpFailure{424, smtpReply(err)}
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return &smtpFailure{424, smtpReply(err)}
	}
	if acct.Method == "start_tls" {
		// mail.smtp.starttls.enable without .required: upgrade when offered.
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(tlsConf); err != nil {
				return &smtpFailure{424, "Could not convert socket to TLS"}
			}
		}
	}
	// JavaMail authenticates only when the server offers AUTH.
	if hasAuth, _ := c.Extension("AUTH"); hasAuth && acct.Method != "none" && s.smtpCredentials != nil {
		if cred, ok := s.smtpCredentials(accountName); ok {
			if err := c.Auth(plainAuth{cred.Username, cred.Password}); err != nil {
				return &smtpFailure{424, smtpReply(err)}
			}
		}
	}
	if err := c.Mail(acct.FromAddress); err != nil {
		return &smtpFailure{502, smtpReply(err)}
	}
	if err := c.Rcpt(to); err != nil {
		return &smtpFailure{502, "Invalid Addresses"}
	}
	w, err := c.Data()
	if err != nil {
		return &smtpFailure{502, smtpReply(err)}
	}
	if _, err := w.Write(msg); err != nil {
		return &smtpFailure{424, err.Error()}
	}
	if err := w.Close(); err != nil {
		return &smtpFailure{502, smtpReply(err)}
	}
	c.Quit()
	return nil
}

// smtpReply renders a server reply as JavaMail quotes it: "<code> <text>".
func smtpReply(err error) string {
	var te *textproto.Error
	if errors.As(err, &te) {
		return strconv.Itoa(te.Code) + " " + te.Msg
	}
	return err.Error()
}

func (s *Service) tlsConfig(host string) *tls.Config {
	if s.smtpTLS != nil {
		c := s.smtpTLS.Clone()
		if c.ServerName == "" {
			c.ServerName = host
		}
		return c
	}
	return &tls.Config{ServerName: host}
}

// plainAuth is SMTP AUTH PLAIN without net/smtp's refusal on non-TLS
// links (credentials are only used with ssl or start_tls, as the plugin
// does).
type plainAuth struct{ user, pass string }

func (a plainAuth) Start(*smtp.ServerInfo) (string, []byte, error) {
	return "PLAIN", []byte("\x00" + a.user + "\x00" + a.pass), nil
}

func (a plainAuth) Next(_ []byte, more bool) ([]byte, error) {
	if more {
		return nil, errors.New("unexpected server challenge")
	}
	return nil, nil
}

// SNSMessage is what the plugin publishes to an SNS topic.
type SNSMessage struct {
	TopicARN string
	// RoleARN is empty when the channel has none.
	RoleARN string
	// Region is the ARN's region field.
	Region  string
	Subject string
	Message string
}

// SESMessage is a raw email the plugin hands to SES.
type SESMessage struct {
	Region string
	// RoleARN is empty when the account has none.
	RoleARN string
	From    string
	To      string
	// Raw is the complete MIME message.
	Raw []byte
}

// noAWSCredentials is the SDK failure a cluster without AWS credentials
// reports.
const noAWSCredentials = "Unable to load AWS credentials from any provider in the chain"

func (s *Service) sendSNS(ctx context.Context, sns *snsBlock, m message) deliveryStatus {
	if s.snsSender == nil {
		return deliveryStatus{"424", "SNS sdk Error, SDK status:" + noAWSCredentials}
	}
	msg := SNSMessage{TopicARN: sns.TopicARN, Subject: m.title, Message: m.text}
	if parts := strings.Split(sns.TopicARN, ":"); len(parts) > 3 {
		msg.Region = parts[3]
	}
	if sns.RoleARN != nil {
		msg.RoleARN = *sns.RoleARN
	}
	id, err := s.snsSender(ctx, msg)
	if err != nil {
		return deliveryStatus{"424", "SNS sdk Error, SDK status:" + err.Error()}
	}
	return deliveryStatus{"200", "Success, message id: " + id}
}

func (s *Service) sendSES(ctx context.Context, ses *sesBlock, to string, m message) deliveryStatus {
	if s.sesSender == nil {
		return deliveryStatus{"424", "sendEmail Error, SDK status:" + noAWSCredentials}
	}
	msg := SESMessage{Region: ses.Region, From: ses.FromAddress, To: to, Raw: s.mimeMessage(ses.FromAddress, to, m)}
	if ses.RoleARN != nil {
		msg.RoleARN = *ses.RoleARN
	}
	id, err := s.sesSender(ctx, msg)
	if err != nil {
		return deliveryStatus{"424", "sendEmail Error, SDK status:" + err.Error()}
	}
	return deliveryStatus{"200", "Success:" + id}
}
