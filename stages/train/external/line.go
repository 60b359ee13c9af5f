package external

import (
	"bufio"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dtbench/dtbench/internal/decode"
)

// errTooLong marks a reply longer than the learner's max_reply.
var errTooLong = errors.New("reply too long")

// readLine reads r's next line and returns at most limit bytes of it
// (without its newline) and the line's length (without it either). A
// line longer than limit is an error wrapping errTooLong as soon as the
// limit is passed, the rest of it unread, unless drain is set: then the
// line is read to its end, its first limit bytes kept. Either way it
// holds no more than limit bytes and r's buffer: an adapter's line never
// costs more memory than its cap. At the end of r, err is io.EOF (with
// the last line, if it had no newline).
func readLine(r *bufio.Reader, limit int, drain bool) (kept []byte, n int, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if err == nil {
			chunk = chunk[:len(chunk)-1] // the newline
		}
		n += len(chunk)
		if room := limit - len(kept); room > 0 {
			kept = append(kept, chunk[:min(len(chunk), room)]...)
		}
		if n > limit && !drain {
			return kept, n, fmt.Errorf("%w: more than %s", errTooLong, decode.HumanSize(float64(limit)))
		}
		if err != bufio.ErrBufferFull {
			return kept, n, err
		}
	}
}

// MaxMessage is the most bytes of an adapter's text that dtbench keeps:
// of a failed fit's message (results/evaluations' message column, the
// error that stops a run) and of a line of its standard error (dtbench's
// log). A longer text is cut there, at a character's start, and says how
// long it was.
const MaxMessage = 4096

// clip cuts s to MaxMessage bytes, saying how long it was (clipped).
func clip(s string) string {
	if len(s) <= MaxMessage {
		return s
	}
	return clipped(s[:MaxMessage], len(s))
}

// clipped is head, the first bytes of a text of total bytes, without a
// character the cut split, and a note of the text's length.
func clipped(head string, total int) string {
	if i := strings.LastIndexFunc(head, func(rune) bool { return true }); i >= 0 && !utf8.FullRuneInString(head[i:]) {
		head = head[:i]
	}
	return fmt.Sprintf("%s… (%d bytes in all; the first %d kept)", head, total, len(head))
}
