/* pq_lib.h: libpq, loaded on first use (core/dl.h says why). Include this instead of
 * <libpq-fe.h>: the names below then call through the loaded table, so the code reads as
 * plain libpq. A function not listed here is not available: add it to PQ_LIB_FUNCS. */
#ifndef ARENA_PQ_LIB_H
#define ARENA_PQ_LIB_H
#include "../core/dl.h"
#include <libpq-fe.h>
#include <stdbool.h>

#define PQ_LIB_FUNCS(X) \
    X(PQclear) \
    X(PQcmdTuples) \
    X(PQconnectStart) \
    X(PQconnectionNeedsPassword) \
    X(PQconninfoFree) \
    X(PQconninfoParse) \
    X(PQconsumeInput) \
    X(PQerrorMessage) \
    X(PQexec) \
    X(PQexecParams) \
    X(PQfinish) \
    X(PQfreemem) \
    X(PQftype) \
    X(PQgetResult) \
    X(PQgetisnull) \
    X(PQgetlength) \
    X(PQgetvalue) \
    X(PQlibVersion) \
    X(PQntuples) \
    X(PQputCopyData) \
    X(PQputCopyEnd) \
    X(PQreset) \
    X(PQresultErrorField) \
    X(PQresultErrorMessage) \
    X(PQresultStatus) \
    X(PQsetErrorVerbosity) \
    X(PQsetNoticeProcessor) \
    X(PQsocket) \
    X(PQstatus) \
    X(PQunescapeBytea)

/* pq_lib_t; pq_lib_load(err): loads libpq if not yet done, false with what to install in ERR
 * when it cannot; pq_lib(): the loaded table (a process without the library ends with the message). */
DL_TABLE(pq_lib, PQ_LIB_FUNCS)

#define PQclear (pq_lib()->PQclear)
#define PQcmdTuples (pq_lib()->PQcmdTuples)
#define PQconnectStart (pq_lib()->PQconnectStart)
#define PQconnectionNeedsPassword (pq_lib()->PQconnectionNeedsPassword)
#define PQconninfoFree (pq_lib()->PQconninfoFree)
#define PQconninfoParse (pq_lib()->PQconninfoParse)
#define PQconsumeInput (pq_lib()->PQconsumeInput)
#define PQerrorMessage (pq_lib()->PQerrorMessage)
#define PQexec (pq_lib()->PQexec)
#define PQexecParams (pq_lib()->PQexecParams)
#define PQfinish (pq_lib()->PQfinish)
#define PQfreemem (pq_lib()->PQfreemem)
#define PQftype (pq_lib()->PQftype)
#define PQgetResult (pq_lib()->PQgetResult)
#define PQgetisnull (pq_lib()->PQgetisnull)
#define PQgetlength (pq_lib()->PQgetlength)
#define PQgetvalue (pq_lib()->PQgetvalue)
#define PQlibVersion (pq_lib()->PQlibVersion)
#define PQntuples (pq_lib()->PQntuples)
#define PQputCopyData (pq_lib()->PQputCopyData)
#define PQputCopyEnd (pq_lib()->PQputCopyEnd)
#define PQreset (pq_lib()->PQreset)
#define PQresultErrorField (pq_lib()->PQresultErrorField)
#define PQresultErrorMessage (pq_lib()->PQresultErrorMessage)
#define PQresultStatus (pq_lib()->PQresultStatus)
#define PQsetErrorVerbosity (pq_lib()->PQsetErrorVerbosity)
#define PQsetNoticeProcessor (pq_lib()->PQsetNoticeProcessor)
#define PQsocket (pq_lib()->PQsocket)
#define PQstatus (pq_lib()->PQstatus)
#define PQunescapeBytea (pq_lib()->PQunescapeBytea)
#endif
