package schemas

import (
	"context"
	"io"
)

// WriteText writes data to path atomically, as every table file is written
// (a temporary file beside it, renamed when complete), and returns its
// FileInfo (Rows is 0). It is for the text files of a run folder: the
// manifest lists them beside the tables.
func WriteText(path string, data []byte) (FileInfo, error) {
	return writeText(context.Background(), path, data)
}

// writeText is WriteText, stopped by ctx (see writeFile).
func writeText(ctx context.Context, path string, data []byte) (FileInfo, error) {
	return writeFile(ctx, path, 0, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
