// A small test runner (no NUnit needed): every public static method marked [Test] of this
// assembly runs; a test may report sub-results (the hostile cases, the records) through
// Runner.Pass/Fail/Skip. Exit code 1 when anything failed. Arguments: name filters.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;

[AttributeUsage(AttributeTargets.Method)]
sealed class TestAttribute : Attribute { }

sealed class SkipException : Exception
{
    public SkipException(string why) : base(why) { }
}

static class Runner
{
    public static int Passed, Failed, Skipped;
    static readonly List<string> failures = new List<string>();

    /// The repository's root (the runner runs from anywhere under it, or DECKHAND_ROOT).
    public static string Root
    {
        get
        {
            string env = Environment.GetEnvironmentVariable("DECKHAND_ROOT");
            if (!string.IsNullOrEmpty(env)) return env;
            string dir = Directory.GetCurrentDirectory();
            while (dir != null && !File.Exists(Path.Combine(dir, "capi", "include", "deckhand.h")))
                dir = Path.GetDirectoryName(dir);
            if (dir == null) throw new InvalidOperationException("run the tests inside the repository or set DECKHAND_ROOT");
            return dir;
        }
    }

    public static void Pass(string name)
    {
        ++Passed;
        if (Verbose) Console.WriteLine("ok    " + name);
    }

    public static void Fail(string name, string why)
    {
        ++Failed;
        failures.Add(name + ": " + why);
        Console.WriteLine("FAIL  " + name + ": " + why);
    }

    public static void Skip(string name, string why)
    {
        ++Skipped;
        if (Verbose) Console.WriteLine("skip  " + name + ": " + why);
    }

    public static bool Verbose = Environment.GetEnvironmentVariable("DECKHAND_TEST_VERBOSE") == "1";

    static int Main(string[] args)
    {
        var tests = typeof(Runner).Assembly.GetTypes()
            .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static))
            .Where(m => m.GetCustomAttributes(typeof(TestAttribute), false).Length > 0)
            .OrderBy(m => m.DeclaringType.Name + "." + m.Name)
            .ToList();
        var total = Stopwatch.StartNew();
        foreach (var m in tests)
        {
            string name = m.DeclaringType.Name + "." + m.Name;
            if (args.Length > 0 && !args.Any(a => name.Contains(a))) continue;
            var watch = Stopwatch.StartNew();
            try
            {
                m.Invoke(null, null);
                Pass(name);
            }
            catch (TargetInvocationException e)
            {
                if (e.InnerException is SkipException) Skip(name, e.InnerException.Message);
                else Fail(name, e.InnerException.ToString());
            }
            if (watch.ElapsedMilliseconds > 2000)
                Console.WriteLine("      " + name + " took " + watch.ElapsedMilliseconds + " ms");
        }
        Console.WriteLine("{0} passed, {1} failed, {2} skipped ({3:F1} s)", Passed, Failed, Skipped,
                          total.Elapsed.TotalSeconds);
        return Failed == 0 ? 0 : 1;
    }
}

static class Assert
{
    public static void True(bool condition, string what)
    {
        if (!condition) throw new Exception("expected: " + what);
    }

    public static void Equal<T>(T expected, T actual, string what)
    {
        if (!EqualityComparer<T>.Default.Equals(expected, actual))
            throw new Exception(what + ": expected " + expected + ", got " + actual);
    }

    public static void Bytes(byte[] expected, byte[] actual, string what)
    {
        if (expected.Length != actual.Length || !expected.SequenceEqual(actual))
            throw new Exception(what + ": bytes differ (" + expected.Length + " and " + actual.Length + " bytes)");
    }

    public static TException Throws<TException>(Action action, string what) where TException : Exception
    {
        try
        {
            action();
        }
        catch (TException e)
        {
            return e;
        }
        catch (Exception e)
        {
            throw new Exception(what + ": expected " + typeof(TException).Name + ", got " + e.GetType().Name + ": " + e.Message);
        }
        throw new Exception(what + ": expected " + typeof(TException).Name + ", nothing was thrown");
    }
}
