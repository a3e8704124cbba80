package weburlbeam

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/weburl/weburl/warc"
	"github.com/weburl/weburl/weburlbeam/internal/beamtest"
)

func init() {
	register.Function1x1(linkString)
	register.Function1x1(problemString)
	register.Function2x1(shardLine)
}

func linkString(l ArchiveLink) string {
	return fmt.Sprintf("%s %d %s %s %s %s %s %q %s", filepath.Base(l.File), l.Offset, l.Target, l.Timestamp, l.Element, l.Attr, l.Raw, l.Href, l.Error)
}

func problemString(p ArchiveProblem) string {
	return fmt.Sprintf("%s %d %t %s", filepath.Base(p.File), p.Offset, p.Stopped, p.Message)
}

func shardLine(shard int, line string) string { return fmt.Sprintf("%d %s", shard, line) }

// TestArchiveTransforms runs IndexArchives and ArchiveOutlinks on Prism
// over wget's crawl and a broken file: the lines and links are those
// warc.Indexer and warc.Outlinks give in this process, and the problems
// those they report.
func TestArchiveTransforms(t *testing.T) {
	beamtest.RunsPipelines(t)
	dir := t.TempDir()
	for _, name := range []string{"wget-site.warc.gz", "bad-truncated.warc.gz"} {
		abs, _ := filepath.Abs(filepath.Join("../warc/testdata/files", name))
		if err := os.Symlink(abs, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	var lines, links, problems []string
	for _, name := range []string{"wget-site.warc.gz", "bad-truncated.warc.gz"} {
		path := filepath.Join(dir, name)
		warn := func(e *warc.Error) { problems = append(problems, fmt.Sprintf("%s %d false %s", name, e.Offset, e.Err)) }
		ix, _ := warc.NewIndexer(warc.CDXJIndexer, warc.IndexOptions{Warn: warn})
		f, _ := os.Open(path)
		w := &lineWriter{emit: func(l string) { lines = append(lines, l) }}
		if err := ix.Index(w, path, f); err != nil {
			problems = append(problems, fmt.Sprintf("%s %d true %s", name, err.(*warc.Error).Offset, err.(*warc.Error).Err))
		}
		f.Close()
		f, _ = os.Open(path)
		for l, err := range warc.Outlinks(f, warc.OutlinkOptions{}) {
			if err != nil {
				break
			}
			a := ArchiveLink{File: path, Target: l.Target, Timestamp: l.Timestamp, Offset: l.Offset, Element: l.Element, Attr: l.Attr, Raw: l.Raw}
			if l.URL != nil {
				a.Href = l.URL.Href()
			} else {
				a.Error = errorCode(l.Err)
			}
			links = append(links, linkString(a))
		}
		f.Close()
	}
	if len(lines) < 20 || len(links) < 20 || len(problems) != 1 {
		t.Fatalf("%d lines, %d links, %d problems: not the files the test was written for", len(lines), len(links), len(problems))
	}
	p, s := beam.NewPipelineWithRoot()
	gotLines, gotProblems := IndexArchives(s, filepath.Join(dir, "*"), warc.CDXJIndexer, false)
	gotLinks, linkProblems := ArchiveOutlinks(s, filepath.Join(dir, "*"))
	passert.EqualsList(s, gotLines, lines)
	passert.EqualsList(s, beam.ParDo(s, problemString, gotProblems), problems)
	passert.EqualsList(s, beam.ParDo(s, linkString, gotLinks), links)
	passert.Count(s, linkProblems, "outlinks problems", 1)
	// Two shards: every line in one (cmd/cdxindex's tests check the order).
	passert.Count(s, ShardIndex(s, gotLines, 2), "sharded lines", len(lines))
	ptest.RunAndValidate(t, p)
}
