// The library's handles as SafeHandles: freed exactly once, by Dispose or by the finalizer,
// and never while a call is using them (the P/Invoke marshaller holds a reference).
using System;
using System.Runtime.InteropServices;

namespace Deckhand
{
    internal sealed class GameHandle : SafeHandle
    {
        GameHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
        protected override bool ReleaseHandle()
        {
            Native.dh_game_free(handle);
            return true;
        }
    }

    internal sealed class TableHandle : SafeHandle
    {
        TableHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
        protected override bool ReleaseHandle()
        {
            Native.dh_table_free(handle);
            return true;
        }
    }

    internal sealed class BotHandle : SafeHandle
    {
        BotHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
        protected override bool ReleaseHandle()
        {
            Native.dh_bot_free(handle);
            return true;
        }
    }
}
