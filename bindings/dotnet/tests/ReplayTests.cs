// Every record under tests/ through `bindings/dotnet/replay FILE` and through the CLI
// (`deckhand replay FILE`, DECKHAND_CLI, default build/python/deckhand): the same stdout
// bytes and the same exit code; and Replay.Json in process gives the same JSON. Also the
// README's example, compiled and run as written.
using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using Deckhand;

static class ReplayTests
{
    public static string Cli
    {
        get
        {
            string env = Environment.GetEnvironmentVariable("DECKHAND_CLI");
            return string.IsNullOrEmpty(env) ? Path.Combine(Runner.Root, "build", "python", "deckhand") : env;
        }
    }

    public static int Run(string program, string[] args, out byte[] stdout, out string stderr, byte[] stdin = null)
    {
        var info = new ProcessStartInfo(program, string.Join(" ", args.Select(Quote)))
        {
            UseShellExecute = false,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = stdin != null,
        };
        using (var p = Process.Start(info))
        {
            if (stdin != null)
            {
                p.StandardInput.BaseStream.Write(stdin, 0, stdin.Length);
                p.StandardInput.Close();
            }
            var err = p.StandardError.ReadToEndAsync();
            using (var ms = new MemoryStream())
            {
                p.StandardOutput.BaseStream.CopyTo(ms);
                stdout = ms.ToArray();
            }
            p.WaitForExit();
            stderr = err.Result;
            return p.ExitCode;
        }
    }

    static string Quote(string s) { return "\"" + s.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\""; }

    [Test]
    public static void EveryRecordAgreesWithTheCli()
    {
        string root = Runner.Root;
        string script = Path.Combine(root, "bindings", "dotnet", "replay");
        var files = Directory.GetFiles(Path.Combine(root, "tests"), "*.rec", SearchOption.AllDirectories)
                             .OrderBy(f => f, StringComparer.Ordinal).ToList();
        Assert.True(files.Count >= 10, "records under tests/ (" + files.Count + ")");
        files.Add(Path.Combine(root, "tests", "no such record.rec"));  // unreadable: exit 2
        files.Add(Path.Combine(root, "tests"));                        // a directory: exit 2
        int refused = 0;
        foreach (string file in files)
        {
            string rel = file.Substring(root.Length + 1);
            byte[] cliOut, ourOut;
            string cliErr, ourErr;
            int cliCode = Run(Cli, new[] { "replay", file }, out cliOut, out cliErr);
            int ourCode = Run(script, new[] { file }, out ourOut, out ourErr);
            string name = "replay " + rel;
            if (cliCode != ourCode)
                Runner.Fail(name, "exit code " + ourCode + ", the CLI's " + cliCode + " (" + ourErr.Trim() + ")");
            else if (!cliOut.SequenceEqual(ourOut))
                Runner.Fail(name, "stdout differs:\n  cli:  " + Encoding.UTF8.GetString(cliOut).Trim() +
                                  "\n  ours: " + Encoding.UTF8.GetString(ourOut).Trim());
            else
            {
                if (File.Exists(file))
                {
                    byte[] json = Replay.JsonBytes(File.ReadAllBytes(file));
                    Assert.Bytes(cliOut, json.Concat(new[] { (byte)'\n' }).ToArray(), rel + ": Replay.JsonBytes");
                    Assert.Equal(Encoding.UTF8.GetString(cliOut), Replay.Json(File.ReadAllText(file)) + "\n", rel + ": Replay.Json");
                }
                Runner.Pass(name);
            }
            if (cliCode != 0) ++refused;
        }
        Assert.True(refused >= 3, "refused records are among them (" + refused + ")");
        // "-": the record on standard input.
        foreach (string file in files.Where(File.Exists).Take(3))
        {
            byte[] input = File.ReadAllBytes(file), cliOut, ourOut;
            string err;
            int cliCode = Run(Cli, new[] { "replay", "-" }, out cliOut, out err, input);
            int ourCode = Run(script, new[] { "-" }, out ourOut, out err, input);
            Assert.Equal(cliCode, ourCode, "replay - < " + file + ": exit code");
            Assert.Bytes(cliOut, ourOut, "replay - < " + file + ": stdout");
        }
        Console.WriteLine("      replay: {0} files compared with {1}", files.Count, Cli);
    }

    /// The shared fixture tests/replay/compare.sh: awkward names (long, control and C1
    /// characters, apostrophes, bytes that are not UTF-8), a FIFO (which must not hang), a
    /// symlink loop, a path through a file, records holding NUL bytes, CRLF lines... through
    /// bindings/dotnet/replay and the CLI: the same stdout bytes and exit code.
    [Test]
    public static void TheSharedReplayCasesMatchTheCli()
    {
        string root = Runner.Root;
        byte[] stdout;
        string stderr;
        int rc = Run("bash", new[] { Path.Combine(root, "tests", "replay", "compare.sh"), Cli,
                                     Path.Combine(root, "bindings", "dotnet", "replay") }, out stdout, out stderr);
        string[] report = Encoding.UTF8.GetString(stdout).Trim().Split('\n');
        Assert.Equal(0, rc, "tests/replay/compare.sh: " + string.Join("\n", report) + " " + stderr.Trim());
        Console.WriteLine("      " + report[report.Length - 1]);
    }

    /// The README's ten-line example (between <!-- example --> and the end of its code
    /// block), compiled with mcs against Deckhand.dll and run.
    [Test]
    public static void ReadmeExampleRunsAsWritten()
    {
        string root = Runner.Root;
        string readme = File.ReadAllText(Path.Combine(root, "bindings", "dotnet", "README.md"));
        int marker = readme.IndexOf("<!-- example -->", StringComparison.Ordinal);
        Assert.True(marker >= 0, "the README marks its example");
        int start = readme.IndexOf("```csharp\n", marker, StringComparison.Ordinal) + "```csharp\n".Length;
        int end = readme.IndexOf("```", start, StringComparison.Ordinal);
        string code = readme.Substring(start, end - start);
        int lines = code.Split('\n').Count(l => l.Trim().Length > 0);
        Assert.True(lines <= 16, "a short example (" + lines + " lines)");
        string dir = Path.Combine(Path.GetTempPath(), "deckhand-dotnet-readme-" + Process.GetCurrentProcess().Id);
        Directory.CreateDirectory(dir);
        try
        {
            string source = Path.Combine(dir, "Example.cs");
            File.WriteAllText(source, code);
            string dll = typeof(Game).Assembly.Location;
            string exe = Path.Combine(dir, "Example.exe");
            byte[] outBytes;
            string err;
            int rc = Run("mcs", new[] { "-nologo", "-r:" + dll, "-out:" + exe, source }, out outBytes, out err);
            Assert.Equal(0, rc, "mcs compiles the example: " + Encoding.UTF8.GetString(outBytes) + err);
            File.Copy(dll, Path.Combine(dir, Path.GetFileName(dll)));
            rc = Run("mono", new[] { exe }, out outBytes, out err);
            Assert.Equal(0, rc, "the example runs: " + err);
            string printed = Encoding.UTF8.GetString(outBytes);
            Assert.True(printed.Contains("scores"), "the example prints the scores: " + printed);
        }
        finally
        {
            Directory.Delete(dir, true);
        }
    }
}
