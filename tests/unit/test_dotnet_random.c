/* test_dotnet_random.c: core/dotnet_random: .NET's seeded System.Random and the Splitter Tester's
 * CustomHash, bit-exact (Splitter R7, R8; values checked against Mono's System.Random). */
#include "t.h"
#include "core/dotnet_random.h"

static int32_t hash(const char *s) { return dotnet_custom_hash_utf8(s, strlen(s)); }

/* Splitter R7: CustomHash is h = h*31 + c over the UTF-16 code units of S. */
TEST(R8_custom_hash_values) {
    CHECK_EQ_INT(hash(""), 0);
    CHECK_EQ_INT(hash("a"), 97);
    CHECK_EQ_INT(hash("HelloWorld"), 439329280);
    CHECK_EQ_INT(hash("abc123"), -1424436592);
    CHECK_EQ_INT(hash("Splitter competition 2024"), -468573478);
    CHECK_EQ_INT(hash("zzzzzzzzzzzzzzzz"), -509494784);
    CHECK_EQ_INT(hash("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"), 16752006); /* "é€😀": a surrogate pair */
}

/* Splitter R8: CustomHash runs over the seed string's UTF-16 code units (a byte sequence that is not UTF-8
 * counts as U+FFFD, as .NET decodes it). */
TEST(R8_seed_string_is_utf16_with_replacement) {
    uint16_t u[16];
    /* U+1F600 is two code units; an invalid byte becomes U+FFFD; a truncated sequence is one U+FFFD. */
    CHECK_EQ_INT(dotnet_utf8_to_utf16("\xf0\x9f\x98\x80", 4, u), 2);
    CHECK_EQ_INT(u[0], 0xD83D);
    CHECK_EQ_INT(u[1], 0xDE00);
    CHECK_EQ_INT(dotnet_utf8_to_utf16("a\xff" "b", 3, u), 3);
    CHECK_EQ_INT(u[1], 0xFFFD);
    CHECK_EQ_INT(dotnet_utf8_to_utf16("\xe2\x82", 2, u), 1);
    CHECK_EQ_INT(u[0], 0xFFFD);
    /* an over-long encoding of '/' is invalid byte by byte */
    CHECK_EQ_INT(dotnet_utf8_to_utf16("\xc0\xaf", 2, u), 2);
    CHECK_EQ_INT(hash("a\xff"), 97 * 31 + 0xFFFD);
    uint16_t w[3] = {'a', 'b', 'c'};
    CHECK_EQ_INT(dotnet_custom_hash_utf16(w, 3), hash("abc"));
}

/* Splitter R8: System.Random(seed) is Knuth's subtractive generator */
TEST(R8_first_sample_per_seed) {
    static const struct { int32_t seed, first; } V[] = {
        {0, 1559595546},          {1, 534011718},          {-1, 534011718},
        {-161803398, 1639093931}, {161803399, 613510103},  {2000000000, 224431583},
        {INT32_MIN, 1559595546},  {INT32_MAX, 1559595546}, {123456789, 1091672793},
    };
    for (size_t i = 0; i < sizeof V / sizeof V[0]; i++) {
        dotnet_random r;
        dotnet_random_init(&r, V[i].seed);
        CHECK_EQ_INT(dotnet_random_sample(&r), V[i].first);
    }
}

/* Splitter R8: System.Random(seed) is Knuth's subtractive generator */
TEST(R8_random_0_next_five) {
    static const int32_t E[5] = {1559595546, 1755192844, 1649316166, 1198642031, 442452829};
    dotnet_random r;
    dotnet_random_init(&r, 0);
    for (int i = 0; i < 5; i++) CHECK_EQ_INT(dotnet_random_sample(&r), E[i]);
}

/* Splitter R7: d1 = Next(1,7), then d2 = Next(1,7). */
TEST(R8_first_ten_dice_per_seed) {
    static const struct { int32_t seed; int d[10]; } V[] = {
        {42, {5, 1, 1, 4, 2, 2, 5, 4, 2, 5}},          {0, {5, 5, 5, 4, 2, 4, 6, 3, 6, 2}},
        {INT32_MIN, {5, 5, 5, 4, 2, 4, 6, 3, 6, 2}},   {INT32_MAX, {5, 5, 5, 4, 2, 4, 6, 3, 6, 2}},
        {97, {3, 2, 4, 2, 1, 2, 3, 1, 6, 1}},          {-1424436592, {6, 3, 5, 2, 5, 1, 2, 3, 1, 1}},
        {-468573478, {2, 6, 4, 6, 4, 2, 1, 6, 4, 4}},  {-509494784, {3, 1, 6, 3, 5, 5, 2, 6, 4, 1}},
        {16752006, {5, 2, 5, 5, 1, 6, 3, 4, 6, 6}},    {-1, {2, 1, 3, 5, 4, 3, 3, 6, 1, 4}},
        {2000000000, {1, 6, 5, 5, 5, 6, 1, 1, 5, 4}},  {123456789, {4, 2, 4, 3, 6, 5, 1, 6, 4, 5}},
    };
    for (size_t i = 0; i < sizeof V / sizeof V[0]; i++) {
        dotnet_random r;
        dotnet_random_init(&r, V[i].seed);
        for (int k = 0; k < 10; k++) CHECK_EQ_INT(dotnet_random_next(&r, 1, 7), V[i].d[k]);
    }
}

/* Splitter R8: Next(a, b) multiplies the sample by 1/2147483647, then by the range, and truncates, in IEEE
 * double. */
/* Next(1,7) is sample * (1/MBIG), then * 6, truncated (Splitter R8), computed here independently. (For a
 * range of 6, an exhaustive scan of all 2^31 samples found no sample where the division x/MBIG*6
 * would give another die, so this pins the formula rather than a known boundary case.) */
TEST(R8_next_multiplies_by_the_reciprocal) {
    dotnet_random r;
    dotnet_random_init(&r, 12345);
    for (int i = 0; i < 100000; i++) {
        dotnet_random c = r;
        int32_t s = dotnet_random_sample(&c);
        volatile double p = (double)s * (1.0 / 2147483647.0);
        volatile double q = p * 6.0;
        CHECK_EQ_INT(dotnet_random_next(&r, 1, 7), (int)q + 1);
    }
}

/* Splitter R8: Next(a, b) multiplies the sample by 1/2147483647, then by the range, and truncates, in IEEE
 * double. */
TEST(R7_next_range_stays_in_bounds) {
    dotnet_random r;
    dotnet_random_init(&r, 7);
    int count[7] = {0};
    for (int i = 0; i < 60000; i++) {
        int d = dotnet_random_next(&r, 1, 7);
        CHECK(d >= 1 && d <= 6);
        if (d >= 1 && d <= 6) count[d]++;
    }
    for (int d = 1; d <= 6; d++) CHECK(count[d] > 9000 && count[d] < 11000);
}

int main(void) {
    RUN(R8_custom_hash_values);
    RUN(R8_seed_string_is_utf16_with_replacement);
    RUN(R8_first_sample_per_seed);
    RUN(R8_random_0_next_five);
    RUN(R8_first_ten_dice_per_seed);
    RUN(R8_next_multiplies_by_the_reciprocal);
    RUN(R7_next_range_stays_in_bounds);
    return T_DONE();
}
